/**
 * The chapter player: "Play chapter" loads the active take of every narrated paragraph of the
 * chapter and plays them in order, the spoken word highlighted as it moves across paragraphs.
 * Keys while it is open (registered shortcuts, listed by `?`): Space play/pause, J back,
 * K pause, L forward, ←/↑ previous paragraph, →/↓ next paragraph; never while typing.
 */
import { useEffect, useRef, useState } from 'react';
import { useShortcut } from '../shell/shortcuts-context.tsx';
import { engineBaseUrl } from '../../api/bridge.ts';
import { useStudioApi } from '../../data/contract-query.ts';
import { audiobookErrorText, plural } from './audiobook-format.ts';
import { useBookNarration } from './book-narration-context.tsx';
import { loadPlaylist, type Playlist } from './chapter-playlist.ts';
import { textPieces } from './take-timing.ts';
import {
  JUMP_SECONDS,
  useChapterPlayer,
  type ChapterPlayer as Player,
} from './use-chapter-player.ts';
import { cx } from '../../ui/cx.ts';
import chapterPlayerStyles from './ChapterPlayer.module.css';
import bookFrameStyles from './BookFrame.module.css';
import { Button } from '../../ui/Button.tsx';

export function ChapterPlayer({ chapterId }: { chapterId: string }) {
  const api = useStudioApi();
  const { project } = useBookNarration();
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
      const origin = await engineBaseUrl();
      const loaded = await loadPlaylist(api, origin, project.id, chapterId, controller.signal);
      setPlaylist(loaded);
      setState('open');
    } catch (caught) {
      if (!controller.signal.aborted) setState(audiobookErrorText(caught));
    }
  }

  if (state !== 'open' || !playlist) {
    return (
      <div
        className={cx(chapterPlayerStyles.chapterPlayer, chapterPlayerStyles.chapterPlayerClosed)}
      >
        <Button
          size="sm"
          onClick={() => void open()}
          disabled={state === 'loading'}
          testId="chapter-play"
        >
          {state === 'loading' ? 'Loading…' : 'Play chapter'}
        </Button>
        {state !== 'closed' && state !== 'loading' && (
          <span className={bookFrameStyles.errorText} role="alert">
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
      <div className={chapterPlayerStyles.chapterPlayer} data-testid="chapter-player">
        <p className="muted">Nothing to play yet: no paragraph of this chapter has audio.</p>
        <Button size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  }

  return (
    <section
      className={chapterPlayerStyles.chapterPlayer}
      aria-label="Chapter player"
      data-testid="chapter-player"
      data-index={player.index}
      data-playing={player.playing}
    >
      <div className={chapterPlayerStyles.chapterPlayerBar}>
        <Button
          size="sm"
          onClick={() => player.go(player.index - 1)}
          disabled={player.index === 0}
          aria-label="Previous paragraph"
        >
          ‹ Prev
        </Button>
        <Button size="sm" variant="primary" onClick={player.toggle} testId="chapter-player-toggle">
          {player.playing ? 'Pause' : 'Play'}
        </Button>
        <Button
          size="sm"
          onClick={() => player.go(player.index + 1)}
          disabled={player.index + 1 >= playlist.items.length}
          aria-label="Next paragraph"
        >
          Next ›
        </Button>
        <span className="muted small" data-testid="chapter-player-position">
          Paragraph {player.index + 1} of {playlist.items.length}
          {playlist.missing > 0 && ` · ${plural(playlist.missing, 'paragraph')} without audio`}
        </span>
        <span className={cx('muted', 'small', chapterPlayerStyles.chapterPlayerKeys)}>
          Keys: Space, J/K/L, arrows (? lists them)
        </span>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <audio ref={player.audio} hidden data-testid="chapter-player-audio" />
      <ol className={chapterPlayerStyles.chapterPlayerText}>
        {playlist.items.map((item, index) => (
          <li
            key={item.paragraphId}
            className={index === player.index ? chapterPlayerStyles.isCurrent : undefined}
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
                      className={
                        piece.unit === player.unit ? chapterPlayerStyles.isSpoken : undefined
                      }
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

/** The player's keys, in the studio's shortcut registry (and so in the `?` help). */
function useShortcuts(player: Player, count: number) {
  const group = 'Chapter player';
  const previous = () => player.go(player.index - 1);
  const next = () => player.go(Math.min(count - 1, player.index + 1));
  useShortcut('Space', 'Play or pause the chapter', player.toggle, group);
  useShortcut('j', `Back ${JUMP_SECONDS} seconds`, () => player.jump(-JUMP_SECONDS), group);
  useShortcut('k', 'Pause', player.pause, group);
  useShortcut('l', `Forward ${JUMP_SECONDS} seconds`, () => player.jump(JUMP_SECONDS), group);
  useShortcut('ArrowLeft', 'Previous paragraph', previous, group);
  useShortcut('ArrowUp', 'Previous paragraph', previous, group);
  useShortcut('ArrowRight', 'Next paragraph', next, group);
  useShortcut('ArrowDown', 'Next paragraph', next, group);
}
