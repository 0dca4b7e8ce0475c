import { Alert } from '../../ui/Alert.tsx';
import { Card } from '../../ui/Card.tsx';
import type { AreaRoute } from './routes.ts';

/** The honest placeholder for areas not in this build. */
export function ComingSoon({ area }: { area: AreaRoute }) {
  return (
    <Card title="Coming in a later release" testId="coming-soon">
      <Alert tone="info">
        {area.label} is not in this build yet. When it ships, it will run on this machine through
        the same local engine as everything else.
      </Alert>
      {area.plan && (
        <ul>
          {area.plan.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
