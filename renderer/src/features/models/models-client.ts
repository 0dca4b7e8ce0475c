/**
 * Typed calls for the Models page (docs/api/models.md). Owner only: the studio token.
 */
import type { ContractApi, ResponseOf } from '../../api/contract.ts';
import type { FetchLike } from '../../api/request.ts';
import { studioApi } from '../../api/studio-api.ts';

export type PackList = ResponseOf<'get', '/model-packs'>;
export type Pack = PackList['packs'][number];
export type PackJob = ResponseOf<'post', '/model-packs/{pack_id}/install'>;

export class ModelsClient {
  private readonly api: ContractApi;

  constructor(fetchImpl?: FetchLike) {
    this.api = studioApi(fetchImpl);
  }

  list(signal?: AbortSignal): Promise<PackList> {
    return this.api.get('/model-packs', { signal });
  }

  /** Downloads the pack, or copies it from `from` (an absolute folder). */
  install(id: string, from?: string): Promise<PackJob> {
    return this.api.post('/model-packs/{pack_id}/install', {
      params: { pack_id: id },
      json: from === undefined ? {} : { from },
    });
  }

  verify(id: string): Promise<PackJob> {
    return this.api.post('/model-packs/{pack_id}/verify', { params: { pack_id: id } });
  }

  remove(id: string): Promise<unknown> {
    return this.api.delete('/model-packs/{pack_id}', { params: { pack_id: id } });
  }
}
