/**
 * Records from the microphone with MediaRecorder and hands the recording so far to `onChunk`
 * every few seconds (the live quality meter measures it), and the whole of it on stop.
 */
import { useCallback, useRef, useState } from 'react';

const SLICE_MS = 3000;

export interface Recorder {
  recording: boolean;
  error: string | null;
  start: () => Promise<void>;
  stop: () => void;
}

export function useRecorder(onChunk: (soFar: Blob, done: boolean) => void): Recorder {
  const recorder = useRef<MediaRecorder | null>(null);
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = useCallback(async () => {
    setError(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const media = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      media.ondataavailable = (event) => {
        chunks.push(event.data);
        onChunk(new Blob(chunks, { type: media.mimeType }), false);
      };
      media.onstop = () => {
        for (const track of stream.getTracks()) track.stop();
        setRecording(false);
        onChunk(new Blob(chunks, { type: media.mimeType }), true);
      };
      media.start(SLICE_MS);
      recorder.current = media;
      setRecording(true);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, [onChunk]);

  const stop = useCallback(() => {
    recorder.current?.stop();
    recorder.current = null;
  }, []);

  return { recording, error, start, stop };
}
