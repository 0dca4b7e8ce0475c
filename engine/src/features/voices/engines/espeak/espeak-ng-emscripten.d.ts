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
    set_pitch(value: number): void;
    set_range(value: number): void;
    set_volume(value: number): void;
    synthesize(
      text: string,
      callback: (audio: Int16Array | null, events: EspeakEvent[]) => unknown,
    ): void;
    /**
     * IPA (useIpa = 1) or eSpeak mnemonics for a whole text: phonemes separated by "_", words
     * by " ", clauses by " | ". Returns a pointer (VoidPtr) to a C string in the WASM heap.
     */
    text_to_phonemes(text: string, useIpa: number): object;
    list_voices(): {
      name: string;
      identifier: string;
      languages: { priority: number; name: string }[];
    }[];
  }
  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakWorker;
    /** The heap address behind a VoidPtr wrapper. */
    getPointer(wrapped: object): number;
    /** The C heap's free(), for results the glue allocates (text_to_phonemes). */
    _free(pointer: number): void;
    readonly HEAPU8: Uint8Array;
  }
  const factory: () => Promise<EspeakModule>;
  export default factory;
}
