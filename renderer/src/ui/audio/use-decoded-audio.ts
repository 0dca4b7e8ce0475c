/**
 * Fetches audio files and decodes them in one Web Audio context (the one they are then played
 * in, so every source can start at the same context time). All or nothing: `buffers` is set once
 * every file is decoded. The context is closed when the URLs change or the component goes.
 */
import { useEffect, useState } from 'react';

export interface DecodedAudio {
  context: AudioContext | null;
  /** In the order of the URLs; null until all are decoded. */
  buffers: AudioBuffer[] | null;
  error: string | null;
}

interface Loaded extends DecodedAudio {
  key: string;
}

export function useDecodedAudio(
  urls: readonly string[],
  /** Names the file in an error ("vocals: download failed (404)"); the URL's index by default. */
  describeFailure: (index: number, status: number) => string = (_index, status) =>
    `could not fetch the audio (HTTP ${status})`,
): DecodedAudio {
  const key = urls.join('\n');
  const [loaded, setLoaded] = useState<Loaded>({ key, context: null, buffers: null, error: null });

  useEffect(() => {
    const abort = new AbortController();
    const context = new AudioContext();
    const list = key === '' ? [] : key.split('\n');
    setLoaded({ key, context, buffers: null, error: null });
    Promise.all(
      list.map(async (url, index) => {
        const response = await fetch(url, { signal: abort.signal });
        if (!response.ok) throw new Error(describeFailure(index, response.status));
        return context.decodeAudioData(await response.arrayBuffer());
      }),
    ).then(
      (buffers) => {
        if (!abort.signal.aborted) setLoaded({ key, context, buffers, error: null });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setLoaded({ key, context, buffers: null, error: message });
      },
    );
    return () => {
      abort.abort();
      void context.close();
    };
    // describeFailure only words an error; a new function must not reload the audio.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return loaded.key === key ? loaded : { context: null, buffers: null, error: null };
}
