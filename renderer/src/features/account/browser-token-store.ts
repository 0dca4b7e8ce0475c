/**
 * Picks where this studio keeps the signed-in person's tokens (see token-store.ts): the desktop
 * app's credential store when the preload offers a working one, else this tab's sessionStorage,
 * else memory only. Never localStorage.
 */
import { bridgeAppInfo } from '../../api/bridge.ts';
import {
  keychainTokenStore,
  memoryTokenStore,
  webStorageTokenStore,
  type TokenStore,
} from './token-store.ts';

export function browserTokenStore(): TokenStore {
  const credentials = window.tapehouse?.credentials;
  const info = bridgeAppInfo();
  if (credentials && info && info.credentialStore !== 'unavailable') {
    return keychainTokenStore(credentials);
  }
  try {
    // Reading the property throws where storage is disabled (some privacy settings).
    return webStorageTokenStore(window.sessionStorage);
  } catch {
    return memoryTokenStore();
  }
}
