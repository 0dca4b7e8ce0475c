/**
 * One UserApi per signed-in studio session: the AccountProvider's AuthSession supplies the access
 * token (renewal, sign-out on refusal), the bridge the engine origin and the studio token.
 */
import { useMemo } from 'react';
import { engineBaseUrl, studioToken } from '../../api/bridge.ts';
import { useAccount } from '../account/account-context.tsx';
import { UserApi } from './user-api.ts';

export function useUserApi(): UserApi {
  const { session } = useAccount();
  return useMemo(
    () => new UserApi({ baseUrl: engineBaseUrl, tokens: session, studioToken }),
    [session],
  );
}
