/**
 * A paragraph's narration and take history, opened under the paragraph: narrate it (again),
 * the takes oldest first with play / A-B / make active, the A/B comparison, and the active
 * take's waveform with the spoken word highlighted. After a narrate request the panel follows
 * the narration job on the job event stream (useJob, no polling) and, when it ends, reads the
 * paragraph and its takes once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useJob } from '../jobs/use-job.ts';
import { useAudiobooks } from './audiobooks-context.tsx';
import { audiobookErrorText } from './audiobook-format.ts';
import type { Paragraph } from './audiobook-types.ts';
import { useBookNarration } from './book-narration-context.tsx';
import type { NarrateStarted, Take } from './narration-types.ts';
import { ParagraphNarrate } from './ParagraphNarrate.tsx';
import { absoluteUrl } from './take-timing.ts';
import { TakeCompare } from './TakeCompare.tsx';
import { TakeRow } from './TakeRow.tsx';
import { TakeWaveform } from './TakeWaveform.tsx';
import { useResource } from './use-resource.ts';

/** Signed take URLs live an hour (docs/api/voices.md); one is reused for half of that. */
const URL_REUSE_MS = 30 * 60_000;

export function TakesPanel({
  paragraph,
  onParagraph,
}: {
  paragraph: Paragraph;
  onParagraph: (paragraph: Paragraph) => void;
}) {
  const audiobooks = useAudiobooks();
  const { client, project, feed, voiceName } = useBookNarration();
  const [origin, setOrigin] = useState<string | null>(null);
  /** The take a narrate request will make, and the job making it. */
  const [awaitedRun, setAwaitedRun] = useState<{ take: number; jobId: number } | null>(null);
  const awaited = awaitedRun?.take ?? null;
  const job = useJob(awaitedRun?.jobId ?? null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [pair, setPair] = useState<{ a: string | null; b: string | null }>({ a: null, b: null });
  const [activating, setActivating] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const player = useRef<HTMLAudioElement>(null);
  const report = useRef(onParagraph);
  useEffect(() => {
    report.current = onParagraph;
  });
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void client.origin().then(setOrigin);
  }, [client]);

  const status = paragraph.status;
  const version = feed.version;
  const load = useCallback(
    (signal: AbortSignal) => {
      void status; // a status change (queued → completed) means a new take
      void version;
      return client.takes(project.id, paragraph.id, signal);
    },
    [client, project.id, paragraph.id, status, version],
  );
  const list = useResource(load);
  const takes = list.data?.takes ?? [];
  const { reload } = list;

  // Follow a narrate request: when its job ends, re-read the paragraph and its takes once.
  const jobEnded = job.finished;
  useEffect(() => {
    if (awaitedRun === null || !jobEnded) return;
    setAwaitedRun(null);
    reload();
    audiobooks
      .getParagraph(project.id, paragraph.id)
      .then((next) => report.current(next))
      .catch(() => undefined); // the paragraph keeps its last known state
  }, [awaitedRun, jobEnded, reload, audiobooks, project.id, paragraph.id]);

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

  async function activate(take: Take) {
    setActivating(take.take_id);
    setFailure(null);
    try {
      await client.activateTake(project.id, paragraph.id, take.take_id);
      reload();
    } catch (caught) {
      setFailure(audiobookErrorText(caught));
    } finally {
      setActivating(null);
    }
  }

  function started(answer: NarrateStarted) {
    setAwaitedRun({ take: answer.service.take_number_after, jobId: answer.task_id });
    onParagraph({ ...paragraph, status: 'queued' });
  }

  const active = takes.find((take) => take.is_active) ?? null;
  const newestOther = [...takes].reverse().find((take) => !take.is_active) ?? null;
  const aId = pair.a ?? active?.take_id ?? null;
  const bId = pair.b ?? (newestOther && newestOther.take_id !== aId ? newestOther.take_id : null);
  const takeA = takes.find((take) => take.take_id === aId) ?? null;
  const takeB = takes.find((take) => take.take_id === bId) ?? null;
  const busy = paragraph.status === 'queued' || paragraph.status === 'narrating';

  return (
    <div
      className="ab-takes"
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
        <p className="ab-error-text" role="alert">
          The last narration failed: {paragraph.error_message}
        </p>
      )}
      {list.error && <p className="ab-error-text">Could not load the takes: {list.error}</p>}
      {failure && (
        <p className="ab-error-text" role="alert" data-testid="takes-error">
          {failure}
        </p>
      )}

      {active && origin !== null && <TakeWaveform take={active} url={urlOf(active)} />}

      {takes.length === 0 && list.data && (
        <p className="muted small" data-testid="takes-empty">
          No takes yet: every narration of this paragraph is kept here as a take.
        </p>
      )}
      {takes.length > 0 && (
        <ol className="ab-take-list" data-testid="take-list">
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
              onActivate={() => void activate(take)}
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
