/**
 * Shows the studio only to its owner. The desktop app always has the owner's token (preload
 * bridge); a browser tab needs a studio session (api/studio-access.ts), and without one it sees
 * the sign-in screen instead of pages that would each fail with 401. Listens for the session
 * coming and going (signed in here, or refused by the engine).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { bridgeStudioToken } from '../../api/bridge.ts';
import type { ApiError } from '../../api/errors.ts';
import { STUDIO_SESSION_EVENT, storedStudioSession } from '../../api/studio-access.ts';
import { StudioSignIn } from './StudioSignIn.tsx';

function hasOwnerCredential(): boolean {
  return bridgeStudioToken() !== null || storedStudioSession() !== null;
}

export function StudioGate({
  baseUrl,
  linkError,
  children,
}: {
  baseUrl: string;
  /** Why the sign-in link this page was opened with did not work, if it did not. */
  linkError: ApiError | null;
  children: ReactNode;
}) {
  const [signedIn, setSignedIn] = useState(hasOwnerCredential);

  useEffect(() => {
    const update = () => setSignedIn(hasOwnerCredential());
    window.addEventListener(STUDIO_SESSION_EVENT, update);
    // A session that expires while the page is open: checked once a minute.
    const timer = setInterval(update, 60_000);
    return () => {
      window.removeEventListener(STUDIO_SESSION_EVENT, update);
      clearInterval(timer);
    };
  }, []);

  return signedIn ? children : <StudioSignIn baseUrl={baseUrl} linkError={linkError} />;
}
