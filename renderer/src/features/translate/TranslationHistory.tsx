/**
 * Past translations, newest first: open one, try a failed one again, or delete one (after a
 * confirmation: its dub, subtitles and upload go with it).
 */
import { useState } from 'react';
import { formatTimestamp } from '../../lib/format.ts';
import { EmptyState } from '../../ui/Alert.tsx';
import { Badge, type BadgeTone } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { InlineButton } from '../../ui/InlineButton.tsx';
import { Cluster } from '../../ui/Layout.tsx';
import { cell, Table } from '../../ui/Table.tsx';
import type { SpeechTranslation } from './translate-types.ts';

const STATUS: Record<SpeechTranslation['status'], { tone: BadgeTone; text: string }> = {
  PENDING: { tone: 'neutral', text: 'Waiting' },
  PROCESSING: { tone: 'info', text: 'Working' },
  COMPLETED: { tone: 'ok', text: 'Done' },
  FAILED: { tone: 'error', text: 'Failed' },
};

export function TranslationHistory({
  translations,
  shownId,
  languageName,
  onShow,
  onRetry,
  onDelete,
}: {
  translations: SpeechTranslation[];
  shownId: number | null;
  languageName: (code: string | null) => string;
  onShow: (id: number) => void;
  onRetry: (id: number) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
}) {
  const [deleting, setDeleting] = useState<SpeechTranslation | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  if (translations.length === 0) {
    return (
      <Card title="Your translations" testId="translate-history">
        <EmptyState icon="globe" title="No translations yet" />
      </Card>
    );
  }
  async function retry(id: number) {
    setRetrying(id);
    try {
      await onRetry(id);
    } finally {
      setRetrying(null);
    }
  }
  return (
    <Card title="Your translations" testId="translate-history">
      <Table label="Your translations" minWidth={560}>
        <thead>
          <tr>
            <th scope="col">Recording</th>
            <th scope="col">Languages</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {translations.map((t) => (
            <tr key={t.id} data-testid={`translate-history-${t.id}`}>
              <td>
                <InlineButton
                  current={t.id === shownId}
                  onClick={() => onShow(t.id)}
                  testId={`translate-open-${t.id}`}
                >
                  {t.display_name}
                </InlineButton>
              </td>
              <td className={cell.nowrap}>
                {languageName(t.source_language)} → {languageName(t.target_language)}
              </td>
              <td>
                <Badge tone={STATUS[t.status].tone}>{STATUS[t.status].text}</Badge>
              </td>
              <td className={cell.muted}>{formatTimestamp(t.created_at)}</td>
              <td className={cell.actions}>
                <Cluster gap={1} justify="flex-end">
                  {t.status === 'FAILED' && (
                    <Button
                      size="sm"
                      icon="refresh"
                      busy={retrying === t.id}
                      onClick={() => void retry(t.id)}
                      testId={`translate-retry-${t.id}`}
                    >
                      Try again
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    icon="trash"
                    onClick={() => setDeleting(t)}
                    testId={`translate-delete-${t.id}`}
                  >
                    Delete
                  </Button>
                </Cluster>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {deleting && (
        <ConfirmDialog
          title="Delete this translation?"
          confirmLabel="Delete"
          action={() => onDelete(deleting.id)}
          onDone={() => setDeleting(null)}
          onClose={() => setDeleting(null)}
          testId="translate-delete-dialog"
          confirmTestId="translate-delete-confirm"
        >
          “{deleting.display_name}”: its dub, its subtitles and the recording you gave are deleted
          from this machine.
        </ConfirmDialog>
      )}
    </Card>
  );
}
