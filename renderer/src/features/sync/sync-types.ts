/**
 * Wire types of the sync routes (docs/api/sync.md), named from the engine's contract
 * (../../api/contract.gen.ts, generated from the route table).
 */
import type { BodyOf, ResponseOf } from '../../api/contract.ts';

export type SyncStatus = ResponseOf<'get', '/sync/status'>;
export type HostedCredits = NonNullable<SyncStatus['hosted_credits']>;
export type LinkRequest = BodyOf<'post', '/sync/link'>;
export type UnlinkAnswer = ResponseOf<'post', '/sync/unlink'>;
export type OAuthStart = ResponseOf<'post', '/sync/link/oauth'>;
export type OAuthProvider = OAuthStart['provider'];
