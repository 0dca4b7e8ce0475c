/**
 * Typed calls for the Account → Sync panel. The link is the machine's, so the panel acts as the
 * machine's owner with the studio token, like the engine's own settings pages.
 */
import type { ContractApi } from '../../api/contract.ts';
import type { FetchLike } from '../../api/request.ts';
import { studioApi } from '../../api/studio-api.ts';
import type {
  LinkRequest,
  OAuthProvider,
  OAuthStart,
  SyncStatus,
  UnlinkAnswer,
} from './sync-types.ts';

export class SyncClient {
  private readonly api: ContractApi;

  constructor(fetchImpl?: FetchLike) {
    this.api = studioApi(fetchImpl);
  }

  status(signal?: AbortSignal): Promise<SyncStatus> {
    return this.api.get('/sync/status', { signal });
  }

  link(request: LinkRequest): Promise<SyncStatus> {
    return this.api.post('/sync/link', { json: request });
  }

  startBrowserSignIn(provider: OAuthProvider): Promise<OAuthStart> {
    return this.api.post('/sync/link/oauth', { json: { provider } });
  }

  unlink(): Promise<UnlinkAnswer> {
    return this.api.post('/sync/unlink', {});
  }

  run(): Promise<SyncStatus> {
    return this.api.post('/sync/run', {});
  }

  setOffload(offload: boolean): Promise<SyncStatus> {
    return this.api.put('/sync/settings', { json: { offload } });
  }
}
