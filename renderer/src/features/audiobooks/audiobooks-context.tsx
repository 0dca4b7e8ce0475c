/**
 * The audiobook client for the area. Credential: the studio token, like Jobs — it stands for
 * the machine's owner (`local-owner`), so the library is this machine's books whether or not
 * someone is signed in to an account (see README.md, "Who owns the books").
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { engineBaseUrl, studioToken } from '../../api/bridge.ts';
import { AudiobookClient } from './audiobook-client.ts';

const AudiobooksContext = createContext<AudiobookClient | null>(null);

export function AudiobooksProvider({
  client,
  children,
}: {
  /** Tests and stories pass their own; the studio builds one on the studio token. */
  client?: AudiobookClient;
  children: ReactNode;
}) {
  const [value] = useState(
    () => client ?? new AudiobookClient({ baseUrl: engineBaseUrl, getToken: studioToken }),
  );
  return <AudiobooksContext value={value}>{children}</AudiobooksContext>;
}

export function useAudiobooks(): AudiobookClient {
  const value = useContext(AudiobooksContext);
  if (!value) throw new Error('useAudiobooks() needs an <AudiobooksProvider> above it');
  return value;
}
