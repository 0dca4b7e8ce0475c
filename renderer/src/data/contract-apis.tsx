/**
 * Which credential a request goes out with. The studio acts as the machine's owner (`studio`,
 * the studio token: tools, books, models), as the signed-in person (`user`, their access token:
 * credits, webhooks, account), or with none (`open`: health, sign-up). The AccountProvider adds
 * `user` when someone signs in; queries made `as: 'user'` wait until then, and their cache keys
 * carry the person, so one person's answers are never shown to another.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ContractApi } from '../api/contract.ts';

export type Credential = 'studio' | 'user' | 'open';

export interface ContractApis {
  studio: ContractApi;
  open: ContractApi;
  /** The signed-in person's calls, or null while nobody is signed in. */
  user: ContractApi | null;
  /** Who `user` is (their e-mail), part of every `user` query's key. */
  userKey: string | null;
}

const ApisContext = createContext<ContractApis | null>(null);

export function ContractApisProvider({
  studio,
  open,
  children,
}: {
  studio: ContractApi;
  open: ContractApi;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ studio, open, user: null, userKey: null }), [studio, open]);
  return <ApisContext value={value}>{children}</ApisContext>;
}

/** Adds the signed-in person's calls below it (the AccountProvider renders this). */
export function UserApiProvider({
  api,
  userKey,
  children,
}: {
  api: ContractApi | null;
  userKey: string | null;
  children: ReactNode;
}) {
  const outer = useContractApis();
  const value = useMemo(
    () => ({ ...outer, user: api, userKey: api ? userKey : null }),
    [outer, api, userKey],
  );
  return <ApisContext value={value}>{children}</ApisContext>;
}

export function useContractApis(): ContractApis {
  const apis = useContext(ApisContext);
  if (!apis) throw new Error('useContractApis() needs a <ContractApisProvider> above it');
  return apis;
}

/** The api for a credential, or null when it is `user` and nobody is signed in. */
export function apiFor(apis: ContractApis, as: Credential): ContractApi | null {
  return as === 'user' ? apis.user : apis[as];
}
