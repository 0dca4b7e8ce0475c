/**
 * Voice previews (document 3, GET /voice/voice-profiles/{id}/preview): a short sample of each
 * voice, generated the first time someone asks and kept under `<data dir>/cache/voice-previews`,
 * so every later request (and every user) gets the same file at once. Two requests racing for
 * the same missing preview share one synthesis.
 *
 * The sample is a sentence in the voice's own language when we have one (PREVIEW_TEXTS); other
 * languages count from one to ten, which eSpeak and the neural voices read in their language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodeAudio, type Ffmpeg } from '../../../audio/index.ts';
import type { VoiceSynthesizer } from '../engines/voice-synth.ts';
import type { SpeakableVoice } from './voice-catalog.ts';

/** Bump when the preview text or encoding changes, so old cached previews are not served. */
const PREVIEW_VERSION = 1;

const PREVIEW_TEXTS: Record<string, string> = {
  en: 'Every story deserves a voice. This is how I would read your book.',
  de: 'Jede Geschichte verdient eine Stimme. So würde ich Ihr Buch vorlesen.',
  fr: 'Chaque histoire mérite une voix. Voici comment je lirais votre livre.',
  es: 'Cada historia merece una voz. Así es como leería su libro.',
  it: 'Ogni storia merita una voce. Ecco come leggerei il tuo libro.',
  pt: 'Toda história merece uma voz. É assim que eu leria o seu livro.',
  nl: 'Elk verhaal verdient een stem. Zo zou ik uw boek voorlezen.',
  pl: 'Każda historia zasługuje na głos. Tak przeczytałbym twoją książkę.',
  sv: 'Varje berättelse förtjänar en röst. Så här skulle jag läsa din bok.',
  da: 'Enhver historie fortjener en stemme. Sådan ville jeg læse din bog.',
  nb: 'Hver historie fortjener en stemme. Slik ville jeg lest boken din.',
  fi: 'Jokainen tarina ansaitsee äänen. Näin lukisin kirjasi.',
  cs: 'Každý příběh si zaslouží hlas. Takto bych četl vaši knihu.',
  ru: 'Каждая история заслуживает голоса. Вот как я прочитал бы вашу книгу.',
  uk: 'Кожна історія заслуговує на голос. Ось як я прочитав би вашу книгу.',
  tr: 'Her hikâye bir sesi hak eder. Kitabınızı böyle okurdum.',
  el: 'Κάθε ιστορία αξίζει μια φωνή. Έτσι θα διάβαζα το βιβλίο σας.',
  hu: 'Minden történet megérdemel egy hangot. Így olvasnám fel a könyvét.',
  ro: 'Fiecare poveste merită o voce. Așa aș citi cartea dumneavoastră.',
  ja: 'すべての物語には声がふさわしい。あなたの本をこのように読みます。',
  cmn: '每个故事都值得一个声音。我会这样朗读你的书。',
  zh: '每个故事都值得一个声音。我会这样朗读你的书。',
  ko: '모든 이야기는 목소리를 가질 자격이 있습니다. 당신의 책을 이렇게 읽겠습니다.',
  hi: 'हर कहानी एक आवाज़ की हकदार है। मैं आपकी किताब ऐसे पढ़ूँगा।',
  ar: 'كل قصة تستحق صوتًا. هكذا سأقرأ كتابك.',
  vi: 'Mỗi câu chuyện đều xứng đáng có một giọng đọc. Tôi sẽ đọc cuốn sách của bạn như thế này.',
};

const COUNTING = '1, 2, 3, 4, 5, 6, 7, 8, 9, 10.';

export function previewText(language: string): string {
  const lang = language.split('-')[0]?.toLowerCase() ?? '';
  return PREVIEW_TEXTS[lang] ?? COUNTING;
}

export interface VoicePreview {
  path: string;
  durationSeconds: number;
  text: string;
  cached: boolean;
}

export class VoicePreviews {
  private readonly inFlight = new Map<number, Promise<VoicePreview>>();
  private readonly dir: string;

  constructor(
    home: string,
    private readonly synth: VoiceSynthesizer,
    private readonly ffmpeg: () => Promise<Ffmpeg>,
  ) {
    this.dir = path.join(home, 'cache', 'voice-previews');
  }

  /** The cached preview, or null when none was generated yet. */
  cached(voice: SpeakableVoice): VoicePreview | null {
    const { audio, meta } = this.files(voice);
    if (!fs.existsSync(audio) || !fs.existsSync(meta)) return null;
    const { durationSeconds } = JSON.parse(fs.readFileSync(meta, 'utf8')) as {
      durationSeconds: number;
    };
    return { path: audio, durationSeconds, text: previewText(voice.language), cached: true };
  }

  get(voice: SpeakableVoice): Promise<VoicePreview> {
    const hit = this.cached(voice);
    if (hit) return Promise.resolve(hit);
    let running = this.inFlight.get(voice.id);
    if (!running) {
      running = this.generate(voice).finally(() => this.inFlight.delete(voice.id));
      this.inFlight.set(voice.id, running);
    }
    return running;
  }

  /** Drops a voice's cached preview (a custom voice was re-made or deleted). */
  forget(id: number): void {
    const stem = `${id}-v${PREVIEW_VERSION}`;
    for (const ext of ['mp3', 'json'])
      fs.rmSync(path.join(this.dir, `${stem}.${ext}`), { force: true });
  }

  private files(voice: Pick<SpeakableVoice, 'id'>): { audio: string; meta: string } {
    const stem = `${voice.id}-v${PREVIEW_VERSION}`;
    return { audio: path.join(this.dir, `${stem}.mp3`), meta: path.join(this.dir, `${stem}.json`) };
  }

  private async generate(voice: SpeakableVoice): Promise<VoicePreview> {
    const text = previewText(voice.language);
    const pcm = await this.synth.synthesize(voice, { text, speed: 1 });
    fs.mkdirSync(this.dir, { recursive: true });
    const { audio, meta } = this.files(voice);
    // Write beside, then rename: a crash never leaves a half file that looks cached.
    const partial = `${audio}.${process.pid}.partial.mp3`;
    await encodeAudio(
      await this.ffmpeg(),
      { sampleRate: pcm.sampleRate, channels: 1, samples: pcm.samples },
      partial,
      { format: 'mp3' },
    );
    const durationSeconds = pcm.samples.length / pcm.sampleRate;
    fs.renameSync(partial, audio);
    fs.writeFileSync(meta, JSON.stringify({ durationSeconds, text }));
    return { path: audio, durationSeconds, text, cached: false };
  }
}
