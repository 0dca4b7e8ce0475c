/**
 * The cast (GET .../cast): the narrator first, then characters by line count, each with its
 * line count, a sample line, its voice and the names merged onto it. "Merge…" sets an alias
 * (POST .../cast/alias); the engine's 400 ("not allowed") is shown in the dialog as it words it.
 * Each voice is named, picked and previewed in place (CastVoicePicker). The table scrolls in its
 * own frame when the window is narrow, so no column is ever cut off. Above it, "Improve speakers
 * with the language model" (./improve/ImproveSpeakers.tsx).
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessages, TextField } from '../../ui/Field.tsx';
import { Section } from '../../ui/Heading.tsx';
import { Table, cell } from '../../ui/Table.tsx';
import { usePreviewPlayer } from '../voices/use-preview-player.ts';
import { LIMITS, formatCount, plural } from './audiobook-format.ts';
import type { CastMember } from './audiobook-types.ts';
import { SpeakerChip } from './bits.tsx';
import { useBookNarration } from './book-narration-context.tsx';
import { BOOK_ROUTE, bookFamily, useBookVoices, useCast } from './book-queries.ts';
import { CastVoicePicker } from './CastVoicePicker.tsx';
import { ImproveSpeakers } from './improve/ImproveSpeakers.tsx';
import { speakerKey } from './speaker-colour.ts';
import castStyles from './Cast.module.css';
import { Icon } from '../../ui/Icon.tsx';

export function CastPanel({ projectId }: { projectId: string }) {
  const cast = useCast(projectId);
  const { project } = useBookNarration();
  const catalog = useBookVoices(project.language, true);
  const voices = catalog.data?.voices ?? [];
  const player = usePreviewPlayer();
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
    <div data-testid="cast-panel">
      <Section
        title="Speakers"
        aside={
          cast.data && (
            <p className="muted small" data-testid="cast-summary">
              {plural(cast.data.named_speaker_count, 'named speaker')} · {plural(lines, 'line')} ·
              character voices{' '}
              {cast.data.multi_voice ? 'on' : 'off (one narrator voice reads every line)'}
            </p>
          )
        }
      >
        <audio ref={player.audio} hidden data-testid="cast-voice-audio" />
        {catalog.error && (
          <Alert tone="error">Could not load the voices: {errorMessage(catalog.error)}</Alert>
        )}
        {cast.error && (
          <Alert tone="error">Could not load the cast: {errorMessage(cast.error)}</Alert>
        )}
        {cast.data && characters.length === 0 && (
          <Alert tone="info" testId="cast-empty">
            No characters yet: every line is read by the narrator. “Detect speakers” finds who says
            each line of dialogue; you can also set a speaker on any paragraph.
          </Alert>
        )}
        <ImproveSpeakers projectId={projectId} />
        {members.length > 0 && (
          <Table label="Cast" testId="cast-table" minWidth={860}>
            <thead>
              <tr>
                <th scope="col">Speaker</th>
                <th scope="col" className={cell.num}>
                  Lines
                </th>
                <th scope="col">Sample line</th>
                <th scope="col">Voice</th>
                <th scope="col" className={cell.actions}>
                  <span className="visually-hidden">Merge</span>
                </th>
              </tr>
            </thead>
            <tbody aria-busy={cast.isFetching}>
              {members.map((member) => (
                <tr
                  key={member.character_name ?? '(narrator)'}
                  data-testid="cast-member"
                  data-speaker={member.is_narrator ? '' : (member.character_name ?? '')}
                  className={member.alias_of ? castStyles.tableAlias : undefined}
                >
                  <SpeakerCell member={member} aliases={aliases} />
                  <td className={cell.num} data-testid="cast-lines">
                    {formatCount(member.paragraph_count)}
                  </td>
                  <td className={castStyles.castSample} data-testid="cast-sample">
                    {member.sample_line ?? <span className="muted">–</span>}
                  </td>
                  <td data-testid="cast-voice">
                    <CastVoicePicker
                      projectId={projectId}
                      member={member}
                      voices={voices}
                      player={player}
                      automaticVoice={automaticVoice}
                    />
                  </td>
                  <td className={cell.actions}>
                    {!member.is_narrator && (
                      <Button
                        variant="ghost"
                        size="sm"
                        icon="merge"
                        onClick={() => setMerging(member.character_name ?? '')}
                        aria-label={`Merge ${member.character_name ?? ''} into another speaker`}
                        testId="cast-merge"
                      >
                        {member.alias_of ? 'Change alias…' : 'Merge…'}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
      {merging !== null && (
        <AliasDialog
          projectId={projectId}
          name={merging}
          current={members.find((m) => m.character_name === merging)?.alias_of ?? null}
          others={characters
            .map((member) => member.character_name!)
            .filter((name) => name !== merging)}
          onClose={() => setMerging(null)}
        />
      )}
    </div>
  );
}

function SpeakerCell({
  member,
  aliases,
}: {
  member: CastMember;
  aliases: ReadonlyMap<string, string>;
}) {
  return (
    <td>
      <SpeakerChip name={member.character_name ?? ''} aliases={aliases} />
      {member.alias_of && (
        <span className={castStyles.castAliasOf} data-testid="cast-alias-of">
          <Icon name="merge" size={13} /> alias of {member.alias_of}
        </span>
      )}
      {member.aliases.length > 0 && (
        <ul className={castStyles.aliases} data-testid="cast-aliases" aria-label="Also called">
          {member.aliases.map((alias) => (
            <li key={alias} className={castStyles.aliasChip}>
              {alias}
            </li>
          ))}
        </ul>
      )}
    </td>
  );
}

function AliasDialog({
  projectId,
  name,
  current,
  others,
  onClose,
}: {
  projectId: string;
  name: string;
  current: string | null;
  others: string[];
  onClose: () => void;
}) {
  const [target, setTarget] = useState(current ?? '');
  const [missing, setMissing] = useState(false);
  const alias = useContractMutation('post', `${BOOK_ROUTE}/cast/alias`, {
    invalidates: [bookFamily(projectId)],
    onSuccess: onClose,
  });
  const save = (aliasOf: string | null) =>
    alias.mutate({
      params: { project_id: projectId },
      json: { character_name: name, alias_of: aliasOf },
    });
  const listId = `alias-names-${speakerKey(name).replace(/\W+/g, '-')}`;

  return (
    <Dialog
      open
      title={`Merge “${name}” into another speaker`}
      onClose={onClose}
      testId="alias-dialog"
      onSubmit={() => {
        const trimmed = target.trim();
        setMissing(trimmed === '');
        if (trimmed !== '') save(trimmed);
      }}
      actions={
        <>
          {current && (
            <Button
              variant="ghost"
              onClick={() => save(null)}
              disabled={alias.isPending}
              testId="alias-remove"
            >
              Remove the alias
            </Button>
          )}
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" busy={alias.isPending} testId="alias-save">
            Merge
          </Button>
        </>
      }
    >
      <p>
        An alias makes two names one speaker with one voice: lines under “{name}” are voiced as the
        speaker you choose. Lines keep their own text and labels.
      </p>
      <TextField
        label="Main speaker"
        value={target}
        list={listId}
        maxLength={LIMITS.characterName}
        onChange={(event) => setTarget(event.target.value)}
        autoFocus
        error={missing ? 'Name the speaker to merge into.' : null}
        testId="alias-target"
      />
      <datalist id={listId}>
        {others.map((other) => (
          <option key={other} value={other} />
        ))}
      </datalist>
      <FormMessages
        error={alias.error ? errorMessage(alias.error) : null}
        testId="alias-messages"
      />
    </Dialog>
  );
}
