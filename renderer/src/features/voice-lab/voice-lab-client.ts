/**
 * Typed calls for the Voice lab: the sample meter, instant cloning, voice design and publish,
 * and conversion. The page acts as the machine's owner with the studio token (like the Noise
 * reduction page); uploads are multipart.
 */
import type { ContractApi } from '../../api/contract.ts';
import type { FetchLike } from '../../api/request.ts';
import { studioApi } from '../../api/studio-api.ts';
import type {
  ConversionJob,
  ConversionStarted,
  CreatedVoice,
  DesignResult,
  SampleReport,
} from './voice-lab-types.ts';

export class VoiceLabClient {
  private readonly api: ContractApi;

  constructor(fetchImpl?: FetchLike) {
    this.api = studioApi(fetchImpl);
  }

  /** Measures a recording as the clone route would (free): DNSMOS, speech share, level. */
  analyze(file: Blob, filename: string): Promise<SampleReport> {
    const form = new FormData();
    form.set('kind', 'clone');
    form.set('file', file, filename);
    return this.api.post('/voice/samples/analyze', { body: form });
  }

  /** `words`: what is said in the sample, when the user typed it (ZipVoice needs it). */
  clone(file: Blob, filename: string, name: string, words = ''): Promise<CreatedVoice> {
    const form = new FormData();
    form.set('name', name);
    if (words.trim()) form.set('reference_text', words.trim());
    form.set('file', file, filename);
    return this.api.post('/voice/voice-clone', { body: form });
  }

  design(prompt: string, previews: number, previewText: string | null): Promise<DesignResult> {
    return this.api.post('/voice/design', {
      json: {
        design_prompt: prompt,
        num_samples: previews,
        ...(previewText ? { preview_text: previewText } : {}),
      },
    });
  }

  publish(previewId: string, name: string): Promise<CreatedVoice> {
    return this.api.post('/voice/design/publish', { json: { preview_id: previewId, name } });
  }

  convert(file: File, voiceUuid: string): Promise<ConversionStarted> {
    const form = new FormData();
    form.set('voice_uuid', voiceUuid);
    form.set('file', file, file.name);
    return this.api.post('/voice/voice-convert', { body: form });
  }

  conversion(id: number, signal?: AbortSignal): Promise<ConversionJob> {
    return this.api.get('/voice/convert/{conversion_id}/status', {
      params: { conversion_id: id },
      signal,
    });
  }
}
