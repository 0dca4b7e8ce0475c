/**
 * The cast (GET .../cast): the narrator first, then characters by line count, each with its
 * line count, a sample line, its voice and the names merged onto it. "Merge…" sets an alias
 * (POST .../cast/alias); the engine's 400 ("not allowed") is shown in the dialog as it words it.
 * Each voice is named, picked and previewed in place (CastVoicePicker).
 */
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useAudiobooks } from './audiobooks-context.tsx';
import { usePreviewPlayer } from '../voices/use-preview-player.ts';
import { LIMITS, audiobookErrorText, formatCount, plural } from './audiobook-format.ts';
import type { AssignResult, CastMember } from './audiobook-types.ts';
import { SpeakerChip } from './bits.tsx';
import { useBookNarration } from './book-narration-context.tsx';
import { CastVoicePicker } from './CastVoicePicker.tsx';
import { AbIcon } from './icons.tsx';
import { speakerKey } from './speaker-colour.ts';
import { useResource } from './use-resource.ts';

export function CastPanel({
  projectId,
  speakerVersion,
  onSpeakersChanged,
}: {
  projectId: string;
  speakerVersion: number;
  onSpeakersChanged: () => void;
}) {
  const client = useAudiobooks();
  const load = useCallback(
    (signal: AbortSignal) => {
      void speakerVersion;
      return client.cast(projectId, signal);
    },
    [client, projectId, speakerVersion],
  );
  const cast = useResource(load);
  const { voicesClient, project, onProjectChanged } = useBookNarration();
  const language = project.language;
  const loadVoices = useCallback(
    (signal: AbortSignal) => voicesClient.available(language || null, signal, true),
    [voicesClient, language],
  );
  const catalog = useResource(loadVoices);
  const voices = catalog.data?.voices ?? [];
  const player = usePreviewPlayer(voicesClient);
  const voiceSaved = (result: AssignResult) => {
    if (result.narrator_changed) onProjectChanged({ selected_voice_id: result.voice_id });
    onSpeakersChanged();
  };
  const [merging, setMerging] = useState<string | null>(null);
  const members = cast.data?.members ?? [];
  const narratorVoice = cast.data?.narrator_voice ?? null;
  const automaticVoice = narratorVoice?.automatic ? narratorVoice.name : null;
  const aliases = new Map(
    members
      .filter((member) => member.character_name && member.alias_of)
      .map((member) => [speakerKey(member.character_name), member.alias_of!] as const),
  );
  const characters = members.filter((member) => !member.is_narrator);
  const lines = members.reduce((sum, member) => sum + member.paragraph_count, 0);

  return (
    <section className="ab-cast" aria-labelledby="ab-cast-title" data-testid="cast-panel">
      <header className="ab-cast__head">
        <div>
          <h3 className="ab-section-title" id="ab-cast-title">
            Speakers
          </h3>
          {cast.data && (
            <p className="muted small" data-testid="cast-summary">
              {plural(cast.data.named_speaker_count, 'named speaker')} · {plural(lines, 'line')} ·
              character voices{' '}
              {cast.data.multi_voice ? 'on' : 'off (one narrator voice reads every line)'}
            </p>
          )}
        </div>
      </header>

      <audio ref={player.audio} hidden data-testid="cast-voice-audio" />
      {catalog.error && (
        <p className="ab-error-text" role="alert">
          Could not load the voices: {catalog.error}
        </p>
      )}
      {cast.error && (
        <div className="alert alert--error" role="alert">
          <Icon name="alert" />
          <div>Could not load the cast: {cast.error}</div>
        </div>
      )}

      {cast.data && characters.length === 0 && (
        <div className="alert alert--info" data-testid="cast-empty">
          <AbIcon name="users" />
          <div>
            No characters yet: every line is read by the narrator. “Detect speakers” finds who says
            each line of dialogue; you can also set a speaker on any paragraph.
          </div>
        </div>
      )}

      {members.length > 0 && (
        <div className="ab-table-wrap">
          <table className="ab-table" aria-busy={cast.loading} data-testid="cast-table">
            <thead>
              <tr>
                <th scope="col">Speaker</th>
                <th scope="col" className="ab-table__num">
                  Lines
                </th>
                <th scope="col">Sample line</th>
                <th scope="col">Voice</th>
                <th scope="col">Also called</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <CastRow
                  key={member.character_name ?? '(narrator)'}
                  member={member}
                  aliases={aliases}
                  onMerge={setMerging}
                  voice={
                    <CastVoicePicker
                      projectId={projectId}
                      member={member}
                      voices={voices}
                      player={player}
                      onSaved={voiceSaved}
                      automaticVoice={automaticVoice}
                    />
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {merging !== null && (
        <AliasDialog
          projectId={projectId}
          name={merging}
          current={members.find((m) => m.character_name === merging)?.alias_of ?? null}
          others={characters
            .map((member) => member.character_name!)
            .filter((name) => name !== merging)}
          onClose={() => setMerging(null)}
          onSaved={() => {
            setMerging(null);
            onSpeakersChanged();
          }}
        />
      )}
    </section>
  );
}

function CastRow({
  member,
  aliases,
  onMerge,
  voice,
}: {
  member: CastMember;
  aliases: ReadonlyMap<string, string>;
  onMerge: (name: string) => void;
  voice: ReactNode;
}) {
  const name = member.character_name ?? '';
  return (
    <tr
      data-testid="cast-member"
      data-speaker={member.is_narrator ? '' : name}
      className={member.alias_of ? 'ab-table__alias' : undefined}
    >
      <td>
        <SpeakerChip name={name} aliases={aliases} />
        {member.alias_of && (
          <span className="ab-cast__alias-of" data-testid="cast-alias-of">
            <AbIcon name="merge" size={13} /> alias of {member.alias_of}
          </span>
        )}
      </td>
      <td className="ab-table__num" data-testid="cast-lines">
        {formatCount(member.paragraph_count)}
      </td>
      <td className="ab-cast__sample" data-testid="cast-sample">
        {member.sample_line ?? <span className="muted">–</span>}
      </td>
      <td data-testid="cast-voice">{voice}</td>
      <td data-testid="cast-aliases">
        {member.aliases.length > 0 ? (
          <ul className="chips">
            {member.aliases.map((alias) => (
              <li key={alias} className="ab-alias-chip">
                {alias}
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">–</span>
        )}
      </td>
      <td className="ab-table__actions">
        {!member.is_narrator && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onMerge(name)}
            aria-label={`Merge ${name} into another speaker`}
            data-testid="cast-merge"
          >
            {member.alias_of ? 'Change alias…' : 'Merge…'}
          </button>
        )}
      </td>
    </tr>
  );
}

function AliasDialog({
  projectId,
  name,
  current,
  others,
  onClose,
  onSaved,
}: {
  projectId: string;
  name: string;
  current: string | null;
  others: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const client = useAudiobooks();
  const id = useId();
  const [target, setTarget] = useState(current ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(aliasOf: string | null) {
    setBusy(true);
    setFailure(null);
    try {
      await client.setAlias(projectId, name, aliasOf);
      onSaved();
    } catch (caught) {
      setFailure(audiobookErrorText(caught));
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = target.trim();
    if (trimmed === '') return setFailure('Name the speaker to merge into.');
    void save(trimmed);
  }

  return (
    <Dialog
      open
      title={`Merge “${name}” into another speaker`}
      onClose={onClose}
      testId="alias-dialog"
      actions={
        <>
          {current && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void save(null)}
              disabled={busy}
              data-testid="alias-remove"
            >
              Remove the alias
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="button button--primary"
            disabled={busy}
            data-testid="alias-save"
          >
            {busy ? 'Saving…' : 'Merge'}
          </button>
        </>
      }
    >
      <p>
        An alias makes two names one speaker with one voice: lines under “{name}” are voiced as the
        speaker you choose. Lines keep their own text and labels.
      </p>
      <form id={`${id}-form`} className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-target`}>
            Main speaker
          </label>
          <input
            id={`${id}-target`}
            className="input"
            value={target}
            list={`${id}-names`}
            maxLength={LIMITS.characterName}
            onChange={(event) => setTarget(event.target.value)}
            autoFocus
            data-testid="alias-target"
          />
          <datalist id={`${id}-names`}>
            {others.map((other) => (
              <option key={other} value={other} />
            ))}
          </datalist>
        </div>
        <FormMessages error={failure} testId="alias-messages" />
      </form>
    </Dialog>
  );
}
