/**
 * "install…": what an option whose model pack is missing shows instead of failing after the
 * run. Links to the Models page, scrolled to the packs for that task.
 */
import { hrefFor } from '../shell/router.ts';

export function modelsHref(task: string): string {
  return `${hrefFor('/settings/models')}?task=${encodeURIComponent(task)}`;
}

export function InstallLink({ task, testId }: { task: string; testId?: string }) {
  return (
    <a href={modelsHref(task)} data-testid={testId}>
      install…
    </a>
  );
}
