/** The shared loader (../../lib/use-loader.ts) with the account area's error messages. */
import { useLoaded, type Loaded } from '../../lib/use-loader.ts';
import { accountErrorText } from './error-text.ts';

export type { Loaded } from '../../lib/use-loader.ts';

export function useLoader<T>(load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  return useLoaded(load, accountErrorText);
}
