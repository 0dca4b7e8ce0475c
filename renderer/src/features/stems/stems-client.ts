/**
 * Typed calls for the Stems page. The page acts as the machine's owner with the studio token
 * (like the Jobs page): the engine is local and the separation runs here.
 */
import { engineBaseUrl } from '../../api/bridge.ts';
import type { ContractApi } from '../../api/contract.ts';
import type { FetchLike } from '../../api/request.ts';
import { studioApi } from '../../api/studio-api.ts';
import type {
  StemCatalogEntry,
  StemChoice,
  StemJob,
  StemJobCreated,
  StemPackages,
  StemQuote,
} from './stems-types.ts';

/** The JSON fields of a choice: a mode, or single_stem / exclude_stems for the catalog form. */
function fields(choice: StemChoice): Record<string, unknown> {
  if (choice.mode !== 'catalog') return { ...choice };
  return {
    ...(choice.single_stem ? { single_stem: choice.single_stem } : {}),
    ...(choice.exclude_stems?.length ? { exclude_stems: choice.exclude_stems } : {}),
  };
}

export class StemsClient {
  private readonly api: ContractApi;

  constructor(fetchImpl?: FetchLike) {
    this.api = studioApi(fetchImpl);
  }

  async origin(): Promise<string> {
    return engineBaseUrl();
  }

  packages(signal?: AbortSignal): Promise<StemPackages> {
    return this.api.get('/stem-extraction/packages/available', { signal });
  }

  catalog(signal?: AbortSignal): Promise<StemCatalogEntry[]> {
    return this.api.get('/stem-extraction/catalog', { signal });
  }

  quote(fileKey: string, choice: StemChoice, signal?: AbortSignal): Promise<StemQuote> {
    return this.api.post('/stem-extraction/quote', {
      json: { file_key: fileKey, ...fields(choice) },
      signal,
    });
  }

  start(fileKey: string, choice: StemChoice): Promise<StemJobCreated> {
    const json = { file_key: fileKey, ...fields(choice) };
    return choice.mode === 'catalog'
      ? this.api.post('/stem-extraction/extract/advanced', { json })
      : this.api.post('/stem-extraction/api/extract', { json });
  }

  status(id: number, signal?: AbortSignal): Promise<StemJob> {
    return this.api.get('/stem-extraction/status/{stem_job_id}', {
      params: { stem_job_id: id },
      signal,
    });
  }
}
