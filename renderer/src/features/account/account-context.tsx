/**
 * The signed-in person for the whole studio: one AuthSession (tokens, refresh timer) and one
 * AccountClient that calls the account routes with their access token. The rest of the studio
 * keeps using the studio token (ApiProvider); only the Account area uses this.
 */
import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { AccountClient } from '../../api/account-client.ts';
import { AuthSession, type AuthState } from './auth-session.ts';
import { browserTokenStore } from './browser-token-store.ts';
import type { TokenStore } from './token-store.ts';

export interface AccountContextValue {
  client: AccountClient;
  session: AuthSession;
  /** Where the tokens are kept: shown to the person on the sessions page. */
  storeKind: TokenStore['kind'];
}

const AccountContext = createContext<AccountContextValue | null>(null);

export function AccountProvider({
  baseUrl,
  studioToken,
  children,
}: {
  baseUrl: string;
  studioToken: () => Promise<string>;
  children: ReactNode;
}) {
  const [value] = useState<AccountContextValue>(() => {
    const store = browserTokenStore();
    // The session and the client need each other (refresh/logout ↔ the token source), so the
    // session reaches the client through this late-bound reference.
    let client: AccountClient | null = null;
    const session = new AuthSession({
      store,
      refresh: (refreshToken) => client!.refresh(refreshToken),
      logout: (accessToken) => client!.logout(accessToken),
    });
    client = new AccountClient({ baseUrl, studioToken, tokens: session });
    return { client, session, storeKind: store.kind };
  });

  useEffect(() => {
    value.session.start();
    return () => value.session.stop();
  }, [value]);

  return <AccountContext value={value}>{children}</AccountContext>;
}

export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount() needs an <AccountProvider> above it');
  return value;
}

/** The sign-in state; re-renders when it changes. */
export function useAuthState(): AuthState {
  const { session } = useAccount();
  return useSyncExternalStore(session.subscribe, session.getState);
}
