/**
 * One preview player for a list of voices: asks the engine for a voice's preview (generated the
 * first time, which takes a moment, then cached), points the shared (hidden) <audio> element at
 * the signed URL and plays it. Starting another voice stops the current one. If the browser
 * refuses to start playback on its own (autoplay rules), the audio stays loaded so one more
 * click plays it.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractApi } from '../../data/contract-query.ts';
import type { Voice, VoicePreview } from './voice-types.ts';

export type PreviewState =
  | { kind: 'idle' }
  | { kind: 'loading'; voiceId: number }
  | { kind: 'playing'; voiceId: number; preview: VoicePreview }
  | { kind: 'paused'; voiceId: number; preview: VoicePreview }
  | { kind: 'error'; voiceId: number; message: string };

export interface PreviewPlayer {
  state: PreviewState;
  /** The hidden <audio> element to render once (`<audio ref={player.audio} hidden />`). */
  audio: RefObject<HTMLAudioElement | null>;
  /** Plays `voice`, or stops it when it is the one playing. */
  toggle: (voice: Pick<Voice, 'id'>) => void;
  /** The voice whose preview is loaded (playing or paused), for the now-playing bar. */
  currentId: number | null;
}

export function usePreviewPlayer(): PreviewPlayer {
  const api = useContractApi();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<PreviewState>({ kind: 'idle' });
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const onPlay = () => setState((s) => (s.kind === 'paused' ? { ...s, kind: 'playing' } : s));
    const onStop = () => setState((s) => (s.kind === 'playing' ? { ...s, kind: 'paused' } : s));
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onStop);
    element.addEventListener('ended', onStop);
    return () => {
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onStop);
      element.removeEventListener('ended', onStop);
    };
  }, []);

  const toggle = useCallback(
    (voice: Pick<Voice, 'id'>) => {
      const element = audio.current;
      if (!element || !api) return;
      if (state.kind === 'playing' && state.voiceId === voice.id) {
        element.pause();
        return;
      }
      if (state.kind === 'paused' && state.voiceId === voice.id) {
        void element.play().catch(() => undefined);
        return;
      }
      element.pause();
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setState({ kind: 'loading', voiceId: voice.id });
      api
        .get('/voice/voice-profiles/{voice_identifier}/preview', {
          params: { voice_identifier: String(voice.id) },
          signal: controller.signal,
        })
        .then(async (preview) => {
          if (controller.signal.aborted) return;
          element.src = preview.audio_url;
          setState({ kind: 'paused', voiceId: voice.id, preview });
          try {
            await element.play();
          } catch {
            // Autoplay refused (the click's activation ran out while the preview was made): the
            // loaded audio waits for one more click.
          }
        })
        .catch((caught: unknown) => {
          if (controller.signal.aborted) return;
          setState({ kind: 'error', voiceId: voice.id, message: errorMessage(caught) });
        });
    },
    [api, state],
  );

  const currentId = state.kind === 'playing' || state.kind === 'paused' ? state.voiceId : null;
  return { state, audio, toggle, currentId };
}
