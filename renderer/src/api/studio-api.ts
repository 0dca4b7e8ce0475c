/**
 * Typed calls as the machine's owner: the studio token and the engine's origin from
 * ./bridge.ts, over the engine's contract (./contract.ts). The music tools and the audiobook
 * area act this way (the engine is local and the work runs here).
 */
import { engineBaseUrl, studioToken } from './bridge.ts';
import { contractApi, type ContractApi } from './contract.ts';
import type { FetchLike } from './request.ts';
import { tokenTransport } from './transports.ts';

export function studioApi(fetchImpl?: FetchLike): ContractApi {
  return contractApi(
    tokenTransport({ baseUrl: engineBaseUrl, getToken: studioToken, fetch: fetchImpl }),
  );
}
