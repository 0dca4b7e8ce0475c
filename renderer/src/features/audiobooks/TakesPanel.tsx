/**
 * A paragraph's narration and take history, opened under the paragraph: narrate it (again),
 * the takes oldest first with play / A-B / make active, the A/B comparison, and the active
 * take's waveform with the spoken word highlighted. The takes are a query in the book's route
 * family, so the narration job's end (and the book's statuses moving) refreshes them without
 * polling; while a narrate request runs the panel follows its job (useJob).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { engineBaseUrl } from '../../api/bridge.ts';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery, useInvalidate } from '../../data/contract-query.ts';
import { useJob } from '../../data/use-job.ts';
import type { Paragraph } from './audiobook-types.ts';
import { useBookNarration } from './book-narration-context.tsx';
import { BOOK_ROUTE, bookFamily } from './book-queries.ts';
import type { NarrateStarted, Take } from './narration-types.ts';
import { ParagraphNarrate } from './ParagraphNarrate.tsx';
import { absoluteUrl } from './take-timing.ts';
import { TakeCompare } from './TakeCompare.tsx';
import { TakeRow } from './TakeRow.tsx';
import { TakeWaveform } from './TakeWaveform.tsx';
import bookFrameStyles from './BookFrame.module.css';
import styles from './Narration.module.css';

/** Signed take URLs live an hour (docs/api/voices.md); one is reused for half of that. */
const URL_REUSE_MS = 30 * 60_000;

export function TakesPanel({ paragraph }: { paragraph: Paragraph }) {
  const { project, voiceName } = useBookNarration();
  const invalidate = useInvalidate();
  const line = { project_id: project.id, paragraph_id: paragraph.id };
  const [origin, setOrigin] = useState<string | null>(null);
  /** The take a narrate request will make, and the job making it. */
  const [awaitedRun, setAwaitedRun] = useState<{ take: number; jobId: number } | null>(null);
  const job = useJob(awaitedRun?.jobId ?? null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [pair, setPair] = useState<{ a: string | null; b: string | null }>({ a: null, b: null });
  const player = useRef<HTMLAudioElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void engineBaseUrl().then(setOrigin);
  }, []);

  const list = useContractQuery(`${BOOK_ROUTE}/paragraphs/{paragraph_id}/takes`, { params: line });
  const takes = list.data?.takes ?? [];
  const activation = useContractMutation(
    'post',
    `${BOOK_ROUTE}/paragraphs/{paragraph_id}/takes/{take_id}/activate`,
    { invalidates: [bookFamily(project.id)] },
  );
  const activating = activation.isPending ? activation.variables.params.take_id : null;

  // The narrate request's job ended: the book's routes (this list too) are read again.
  useEffect(() => {
    if (awaitedRun !== null && job.finished) setAwaitedRun(null);
  }, [awaitedRun, job.finished]);

  // One sound at a time inside the panel: any player starting pauses the others.
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const onPlay = (event: Event) => {
      for (const audio of element.querySelectorAll('audio')) {
        if (audio !== event.target) audio.pause();
      }
    };
    element.addEventListener('play', onPlay, true);
    return () => element.removeEventListener('play', onPlay, true);
  }, []);

  // Every listing signs the audio again (a new expiry, so a new URL); a take keeps the first URL
  // it was given while that is fresh, so a re-read list does not reload the players mid-play.
  const signed = useRef(new Map<string, { url: string; at: number }>());
  const urlOf = useCallback(
    (take: Take) => {
      if (origin === null) return absoluteUrl('', take.audio_url); // not kept: origin unknown
      const now = Date.now();
      const kept = signed.current.get(take.take_id);
      if (kept && now - kept.at < URL_REUSE_MS) return kept.url;
      const url = absoluteUrl(origin, take.audio_url);
      signed.current.set(take.take_id, { url, at: now });
      return url;
    },
    [origin],
  );

  function play(take: Take) {
    const audio = player.current;
    if (!audio) return;
    if (playingId === take.take_id) {
      audio.pause();
      return;
    }
    audio.src = urlOf(take);
    setPlayingId(take.take_id);
    void audio.play().catch(() => setPlayingId(null));
  }

  function started(answer: NarrateStarted) {
    setAwaitedRun({ take: answer.service.take_number_after, jobId: answer.task_id });
    void invalidate(bookFamily(project.id));
  }

  const active = takes.find((take) => take.is_active) ?? null;
  const newestOther = [...takes].reverse().find((take) => !take.is_active) ?? null;
  const aId = pair.a ?? active?.take_id ?? null;
  const bId = pair.b ?? (newestOther && newestOther.take_id !== aId ? newestOther.take_id : null);
  const takeA = takes.find((take) => take.take_id === aId) ?? null;
  const takeB = takes.find((take) => take.take_id === bId) ?? null;
  const busy = paragraph.status === 'queued' || paragraph.status === 'narrating';
  const awaited = awaitedRun?.take ?? null;

  return (
    <div
      className={styles.takes}
      ref={panel}
      data-testid="takes-panel"
      data-take-count={takes.length}
      data-following={awaited !== null}
    >
      <ParagraphNarrate
        paragraphId={paragraph.id}
        hasTakes={takes.length > 0}
        disabled={busy || paragraph.locked}
        onStarted={started}
      />
      {paragraph.locked && (
        <p className="muted small">Locked: unlock the paragraph to narrate it again.</p>
      )}
      {awaited !== null && (
        <p className="muted small" role="status" data-testid="takes-waiting">
          Narrating take {awaited}…
        </p>
      )}
      {paragraph.status === 'failed' && paragraph.error_message && (
        <p className={bookFrameStyles.errorText} role="alert">
          The last narration failed: {paragraph.error_message}
        </p>
      )}
      {list.error && (
        <p className={bookFrameStyles.errorText}>
          Could not load the takes: {errorMessage(list.error)}
        </p>
      )}
      {activation.error && (
        <p className={bookFrameStyles.errorText} role="alert" data-testid="takes-error">
          {errorMessage(activation.error)}
        </p>
      )}
      {active && origin !== null && <TakeWaveform take={active} url={urlOf(active)} />}
      {takes.length === 0 && list.data && (
        <p className="muted small" data-testid="takes-empty">
          No takes yet: every narration of this paragraph is kept here as a take.
        </p>
      )}
      {takes.length > 0 && (
        <ol className={styles.takeList} data-testid="take-list">
          {takes.map((take) => (
            <TakeRow
              key={take.take_id}
              take={take}
              voiceName={voiceName(take.voice_id)}
              playing={playingId === take.take_id}
              compareSide={take.take_id === aId ? 'a' : take.take_id === bId ? 'b' : null}
              activating={activating === take.take_id}
              locked={paragraph.locked}
              onPlay={() => play(take)}
              onCompare={(side) =>
                setPair(() => {
                  const other = side === 'a' ? 'b' : 'a';
                  const next = { a: aId, b: bId, [side]: take.take_id };
                  if (next[other] === take.take_id) next[other] = null;
                  return next;
                })
              }
              onActivate={() => activation.mutate({ params: { ...line, take_id: take.take_id } })}
            />
          ))}
        </ol>
      )}
      {takeA && takeB && origin !== null && <TakeCompare a={takeA} b={takeB} urlOf={urlOf} />}
      <audio
        ref={player}
        hidden
        onPause={() => setPlayingId(null)}
        onEnded={() => setPlayingId(null)}
        data-testid="take-player"
      />
    </div>
  );
}
