/** The shared loader (../../lib/use-loader.ts) with the audiobook screens' error messages. */
import { useLoaded, type Resource } from '../../lib/use-loader.ts';
import { audiobookErrorText } from './audiobook-format.ts';

export type { Resource } from '../../lib/use-loader.ts';

export function useResource<T>(load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  return useLoaded(load, audiobookErrorText);
}
