/**
 * Typed calls for the Stems page. The page acts as the machine's owner with the studio token
 * (like the Jobs page): the engine is local and the separation runs here.
 */
import { engineBaseUrl, studioToken } from '../../api/bridge.ts';
import { fetchOrDefault, requestJson, type FetchLike } from '../../api/request.ts';
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
  private readonly fetchImpl: FetchLike;

  constructor(fetchImpl?: FetchLike) {
    this.fetchImpl = fetchOrDefault(fetchImpl);
  }

  async origin(): Promise<string> {
    return engineBaseUrl();
  }

  private async call<T>(
    path: string,
    init: { method?: string; json?: unknown; signal?: AbortSignal } = {},
  ): Promise<T> {
    const token = await studioToken();
    const url = `${await engineBaseUrl()}/api/v1${path}`;
    const spec = { method: init.method, token, json: init.json, signal: init.signal };
    return requestJson<T>(this.fetchImpl, url, spec, `${init.method ?? 'GET'} ${path}`);
  }

  packages(signal?: AbortSignal): Promise<StemPackages> {
    return this.call('/stem-extraction/packages/available', { signal });
  }

  catalog(signal?: AbortSignal): Promise<StemCatalogEntry[]> {
    return this.call('/stem-extraction/catalog', { signal });
  }

  quote(fileKey: string, choice: StemChoice, signal?: AbortSignal): Promise<StemQuote> {
    return this.call('/stem-extraction/quote', {
      method: 'POST',
      json: { file_key: fileKey, ...fields(choice) },
      signal,
    });
  }

  start(fileKey: string, choice: StemChoice): Promise<StemJobCreated> {
    const route =
      choice.mode === 'catalog'
        ? '/stem-extraction/extract/advanced'
        : '/stem-extraction/api/extract';
    return this.call(route, { method: 'POST', json: { file_key: fileKey, ...fields(choice) } });
  }

  status(id: number, signal?: AbortSignal): Promise<StemJob> {
    return this.call(`/stem-extraction/status/${id}`, { signal });
  }
}
