/**
 * The signed-in person for the whole studio: one AuthSession (tokens, refresh timer) and one
 * AccountClient that calls the account routes with their access token. The rest of the studio
 * keeps using the studio token; the data layer's `as: 'user'` queries use `userApi` while someone
 * is signed in (UserApiProvider), keyed by who it is.
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
import { contractApi, type ContractApi } from '../../api/contract.ts';
import { accessTokenTransport } from '../../api/transports.ts';
import { UserApiProvider } from '../../data/contract-apis.tsx';
import { AuthSession, type AuthState } from './auth-session.ts';
import { browserTokenStore } from './browser-token-store.ts';
import type { TokenStore } from './token-store.ts';

export interface AccountContextValue {
  client: AccountClient;
  session: AuthSession;
  /** The contract's routes with the person's access token (the data layer's `as: 'user'`). */
  userApi: ContractApi;
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
    const userApi = contractApi(
      accessTokenTransport({ baseUrl, tokens: session, credentials: 'omit' }),
    );
    return { client, session, userApi, storeKind: store.kind };
  });
  const state = useSyncExternalStore(value.session.subscribe, value.session.getState);
  const signedIn = state.status === 'signed-in' ? state.email : null;

  useEffect(() => {
    value.session.start();
    return () => value.session.stop();
  }, [value]);

  return (
    <AccountContext value={value}>
      <UserApiProvider api={signedIn ? value.userApi : null} userKey={signedIn}>
        {children}
      </UserApiProvider>
    </AccountContext>
  );
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
