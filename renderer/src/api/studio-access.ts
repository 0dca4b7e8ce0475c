/**
 * The web studio's owner credential (docs/api/auth.md, "The web studio's sign-in"). The page
 * carries no token: a browser signs in with the one-time link the engine prints on start
 * (`/?login=<code>`) or with the studio token pasted from the data folder, and the engine answers
 * a studio session token. It is kept in the tab's sessionStorage — never in persistent storage
 * (like the account's tokens), and not in a cookie: cookies for 127.0.0.1 reach every local port.
 * A new tab asks the open ones for it over a same-origin BroadcastChannel, so signing in once
 * covers every tab while one is open. It ends when it expires, when the engine refuses it (401)
 * or when every studio session is signed out. The desktop app never uses this: its token comes
 * over the preload bridge.
 */
import { ApiError, CLIENT_ERROR_CODES, apiErrorFromResponse } from './errors.ts';
import { fetchOrDefault, request, type FetchLike } from './request.ts';

export const STUDIO_SESSION_KEY = 'tapehouse.studio-session';
/** Fired on window when the stored studio session appears or goes away. */
export const STUDIO_SESSION_EVENT = 'tapehouse:studio-session';
/** The query parameter of a sign-in link. */
export const LOGIN_PARAM = 'login';
/** Session tokens start with this; a 401 for one means the session is over. */
export const STUDIO_SESSION_PREFIX = 'ths_';

interface StoredSession {
  token: string;
  expiresAt: string;
}

/**
 * The few browser globals this module touches, typed here rather than through the DOM library:
 * the engine-side type check (which has no DOM) compiles the studio's API layer too.
 */
interface MessagePortLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

interface BrowserGlobals {
  sessionStorage?: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
  };
  BroadcastChannel?: new (name: string) => MessagePortLike;
  location?: { search: string; pathname: string; hash: string };
  history?: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
  dispatchEvent?(event: Event): boolean;
}

const browser = globalThis as unknown as BrowserGlobals;

function storage(): BrowserGlobals['sessionStorage'] | null {
  try {
    return browser.sessionStorage ?? null;
  } catch {
    return null; // storage disabled: the studio asks to sign in on every load
  }
}

function announce(): void {
  browser.dispatchEvent?.(new Event(STUDIO_SESSION_EVENT));
}

/** The stored studio session token, or null (none, unreadable or expired). */
export function storedStudioSession(): string | null {
  const raw = storage()?.getItem(STUDIO_SESSION_KEY);
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof session.token !== 'string' || typeof session.expiresAt !== 'string') return null;
    if (Date.parse(session.expiresAt) <= Date.now()) return null;
    return session.token;
  } catch {
    return null;
  }
}

export function forgetStudioSession(): void {
  storage()?.removeItem(STUDIO_SESSION_KEY);
  announce();
}

function remember(session: { session_token: string; expires_at: string }): void {
  const stored: StoredSession = { token: session.session_token, expiresAt: session.expires_at };
  storage()?.setItem(STUDIO_SESSION_KEY, JSON.stringify(stored));
  announce();
}

const CHANNEL = 'tapehouse-studio-session';

interface ChannelMessage {
  type: 'ask' | 'give';
  token?: string;
  expiresAt?: string;
}

/**
 * Answers other tabs of this origin asking for the studio session (see requestFromOtherTabs).
 * Call once per page load.
 */
export function shareStudioSession(): void {
  const Channel = browser.BroadcastChannel;
  if (Channel === undefined) return;
  const channel = new Channel(CHANNEL);
  channel.onmessage = ({ data }) => {
    if ((data as ChannelMessage | null)?.type !== 'ask') return;
    const raw = storage()?.getItem(STUDIO_SESSION_KEY);
    if (!raw || storedStudioSession() === null) return;
    const session = JSON.parse(raw) as StoredSession;
    channel.postMessage({ type: 'give', token: session.token, expiresAt: session.expiresAt });
  };
}

/** A new tab: takes the studio session from an open tab of this origin, if one answers. */
export function requestFromOtherTabs(waitMs = 400): Promise<boolean> {
  const Channel = browser.BroadcastChannel;
  if (Channel === undefined || storedStudioSession() !== null) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new Channel(CHANNEL);
    const done = (got: boolean): void => {
      clearTimeout(timer);
      channel.close();
      resolve(got);
    };
    const timer = setTimeout(() => done(false), waitMs);
    channel.onmessage = ({ data }) => {
      const message = data as ChannelMessage | null;
      if (message?.type !== 'give' || !message.token || !message.expiresAt) return;
      remember({ session_token: message.token, expires_at: message.expiresAt });
      done(true);
    };
    channel.postMessage({ type: 'ask' });
  });
}

async function createSession(
  baseUrl: string,
  spec: { code?: string; token?: string },
  fetchImpl?: FetchLike,
): Promise<void> {
  const response = await request(
    fetchOrDefault(fetchImpl),
    `${baseUrl}/api/v1/local/studio-sessions`,
    {
      method: 'POST',
      json: spec.code === undefined ? {} : { code: spec.code },
      ...(spec.token !== undefined && { token: spec.token }),
    },
  );
  if (!response.ok) throw await apiErrorFromResponse(response);
  remember((await response.json()) as { session_token: string; expires_at: string });
}

/**
 * Completes a sign-in link: when the page was opened as `/?login=<code>`, the code is exchanged
 * for a studio session and removed from the address bar (it works once anyway). Answers the
 * error to show on the sign-in screen, or null.
 */
export async function completeSignInLink(
  baseUrl: string,
  fetchImpl?: FetchLike,
): Promise<ApiError | null> {
  const { location, history } = browser;
  if (location === undefined) return null;
  const params = new URLSearchParams(location.search);
  const code = params.get(LOGIN_PARAM);
  if (code === null) return null;
  params.delete(LOGIN_PARAM);
  const query = params.toString();
  history?.replaceState(
    history.state,
    '',
    `${location.pathname}${query ? `?${query}` : ''}${location.hash}`,
  );
  try {
    await createSession(baseUrl, { code }, fetchImpl);
    return null;
  } catch (error) {
    return error instanceof ApiError
      ? error
      : new ApiError(0, CLIENT_ERROR_CODES.network, String(error));
  }
}

/** Signs in with the studio token (the `studio-token` file in the engine's data folder). */
export function signInWithStudioToken(
  baseUrl: string,
  token: string,
  fetchImpl?: FetchLike,
): Promise<void> {
  return createSession(baseUrl, { token: token.trim() }, fetchImpl);
}
