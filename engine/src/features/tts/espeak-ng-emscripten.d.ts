// The package ships no types; this declares the part of its Emscripten wrapper we call
// (eSpeakNGWorker in espeak-ng.js of @echogarden/espeak-ng-emscripten 0.3.5).
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type: string;
    text_position: number;
    word_length: number;
    audio_position: number;
    id?: number | string;
  }
  export interface EspeakWorker {
    rate: number;
    readonly samplerate: number;
    set_voice(name: string): number;
    synthesize(
      text: string,
      callback: (audio: Int16Array | null, events: EspeakEvent[]) => unknown,
    ): void;
    list_voices(): {
      name: string;
      identifier: string;
      languages: { priority: number; name: string }[];
    }[];
  }
  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakWorker;
  }
  const factory: () => Promise<EspeakModule>;
  export default factory;
}
