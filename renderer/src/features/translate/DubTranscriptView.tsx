/** Every line of a dub, the original beside the translation, with the speakers and their voices. */
import { Card } from '../../ui/Card.tsx';
import { Table } from '../../ui/Table.tsx';
import { DubLineRow } from './DubLineRow.tsx';
import type { DubTranscript } from './translate-types.ts';

function voiceWords(speaker: DubTranscript['speakers'][number]): string {
  const voice = speaker.voice;
  if (voice.method === 'clone') return 'their own voice, cloned';
  return voice.voice_name ? `the voice “${voice.voice_name}”` : 'a catalog voice';
}

export function DubTranscriptView({
  transcript,
  editable,
  source,
  target,
  onSave,
}: {
  transcript: DubTranscript;
  editable: boolean;
  source: string;
  target: string;
  onSave: (segmentId: number, text: string) => Promise<unknown>;
}) {
  return (
    <Card
      title="Line by line"
      description="Edit a line’s words and only that line is spoken again."
      testId="translate-transcript"
    >
      <ul className="small" data-testid="translate-speakers">
        {transcript.speakers.map((s) => (
          <li key={s.label}>
            {s.label}: {voiceWords(s)}
          </li>
        ))}
      </ul>
      <Table label="Lines" minWidth={640} testId="translate-lines">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">{source}</th>
            <th scope="col">{target}</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {transcript.segments.map((line) => (
            <DubLineRow
              key={line.id}
              line={line}
              editable={editable}
              onSave={(text) => onSave(line.id, text)}
            />
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
