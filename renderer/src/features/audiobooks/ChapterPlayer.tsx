/**
 * The chapter player: "Play chapter" loads the active take of every narrated paragraph of the
 * chapter and plays them in order, the spoken word highlighted as it moves across paragraphs.
 * Keys while it is open (docs/studio-shortcuts.md): Space play/pause, J back, K pause,
 * L forward, ←/↑ previous paragraph, →/↓ next paragraph; never while typing in a field.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAudiobooks } from './audiobooks-context.tsx';
import { audiobookErrorText, plural } from './audiobook-format.ts';
import { useBookNarration } from './book-narration-context.tsx';
import { loadPlaylist, type Playlist } from './chapter-playlist.ts';
import { textPieces } from './take-timing.ts';
import {
  JUMP_SECONDS,
  useChapterPlayer,
  type ChapterPlayer as Player,
} from './use-chapter-player.ts';
import './chapter-player.css';

export function ChapterPlayer({ chapterId }: { chapterId: string }) {
  const books = useAudiobooks();
  const { client, project } = useBookNarration();
  const [playlist, setPlaylist] = useState<Playlist | null>(null);
  const [state, setState] = useState<'closed' | 'loading' | 'open' | string>('closed');
  const request = useRef<AbortController | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  async function open() {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState('loading');
    try {
      const loaded = await loadPlaylist(books, client, project.id, chapterId, controller.signal);
      setPlaylist(loaded);
      setState('open');
    } catch (caught) {
      if (!controller.signal.aborted) setState(audiobookErrorText(caught));
    }
  }

  if (state !== 'open' || !playlist) {
    return (
      <div className="ab-chapter-player ab-chapter-player--closed">
        <button
          type="button"
          className="button button--small"
          onClick={() => void open()}
          disabled={state === 'loading'}
          data-testid="chapter-play"
        >
          {state === 'loading' ? 'Loading…' : 'Play chapter'}
        </button>
        {state !== 'closed' && state !== 'loading' && (
          <span className="ab-error-text" role="alert">
            {state}
          </span>
        )}
      </div>
    );
  }
  return <OpenPlayer playlist={playlist} onClose={() => setState('closed')} />;
}

function OpenPlayer({ playlist, onClose }: { playlist: Playlist; onClose: () => void }) {
  const player = useChapterPlayer(playlist.items);
  useShortcuts(player, playlist.items.length);
  const current = playlist.items[player.index];

  if (playlist.items.length === 0) {
    return (
      <div className="ab-chapter-player" data-testid="chapter-player">
        <p className="muted">Nothing to play yet: no paragraph of this chapter has audio.</p>
        <button type="button" className="button button--small" onClick={onClose}>
          Close
        </button>
      </div>
    );
  }

  return (
    <section
      className="ab-chapter-player"
      aria-label="Chapter player"
      data-testid="chapter-player"
      data-index={player.index}
      data-playing={player.playing}
    >
      <div className="ab-chapter-player__bar">
        <button
          type="button"
          className="button button--small"
          onClick={() => player.go(player.index - 1)}
          disabled={player.index === 0}
          aria-label="Previous paragraph"
        >
          ‹ Prev
        </button>
        <button
          type="button"
          className="button button--small button--primary"
          onClick={player.toggle}
          data-testid="chapter-player-toggle"
        >
          {player.playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => player.go(player.index + 1)}
          disabled={player.index + 1 >= playlist.items.length}
          aria-label="Next paragraph"
        >
          Next ›
        </button>
        <span className="muted small" data-testid="chapter-player-position">
          Paragraph {player.index + 1} of {playlist.items.length}
          {playlist.missing > 0 && ` · ${plural(playlist.missing, 'paragraph')} without audio`}
        </span>
        <span className="muted small ab-chapter-player__keys">
          Space play/pause · J/K/L back/pause/forward · arrows paragraph
        </span>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          Close
        </button>
      </div>
      <audio ref={player.audio} hidden data-testid="chapter-player-audio" />
      <ol className="ab-chapter-player__text">
        {playlist.items.map((item, index) => (
          <li
            key={item.paragraphId}
            className={index === player.index ? 'is-current' : undefined}
            data-testid="chapter-player-paragraph"
            aria-current={index === player.index ? 'true' : undefined}
          >
            {index === player.index && current
              ? textPieces(item.text, item.units).map((piece, at) =>
                  piece.unit === null ? (
                    <span key={at}>{piece.text}</span>
                  ) : (
                    <span
                      key={at}
                      className={piece.unit === player.unit ? 'is-spoken' : undefined}
                      data-testid={piece.unit === player.unit ? 'chapter-player-word' : undefined}
                    >
                      {piece.text}
                    </span>
                  ),
                )
              : item.text}
          </li>
        ))}
      </ol>
    </section>
  );
}

function useShortcuts(player: Player, count: number) {
  const latest = useRef(player);
  useEffect(() => {
    latest.current = player;
  });
  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const p = latest.current;
      const actions: Record<string, () => void> = {
        ' ': p.toggle,
        j: () => p.jump(-JUMP_SECONDS),
        k: p.pause,
        l: () => p.jump(JUMP_SECONDS),
        ArrowLeft: () => p.go(p.index - 1),
        ArrowUp: () => p.go(p.index - 1),
        ArrowRight: () => p.go(Math.min(count - 1, p.index + 1)),
        ArrowDown: () => p.go(Math.min(count - 1, p.index + 1)),
      };
      const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
      if (!action) return;
      // A focused button would also take Space as a click: the shortcut is the only action.
      event.preventDefault();
      action();
    },
    [count],
  );
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onKey]);
}
