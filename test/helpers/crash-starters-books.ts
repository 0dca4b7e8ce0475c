/**
 * Crash-test starters (see crash-starters.ts) for the books area's heuristic jobs: automatic
 * direction and automatic casting. Both do their whole work in one synchronous pass; the test
 * hold keeps them running after it, and the restarted engine must run them again to the end.
 */
import { paragraphsOf } from './audiobook.ts';
import {
  DIALOGUE,
  firstChapter,
  pastedBook,
  postJson,
  type StartContext,
  type Starter,
} from './crash-starters.ts';

async function namedSpeakers(ctx: StartContext, projectId: string): Promise<void> {
  const chapter = await firstChapter(ctx, projectId);
  const lines = await paragraphsOf(ctx.api, projectId, chapter);
  // Named by hand: detect_speakers would ask the chat server, held during the test.
  for (const [index, name] of [
    [1, 'Anna'],
    [2, 'Marco'],
  ] as const) {
    const res = await ctx.api.put(
      `/audiobook/projects/${projectId}/paragraphs/${lines[index]?.id ?? ''}`,
      { character_name: name },
    );
    if (res.status !== 200) throw new Error(`naming a speaker: HTTP ${res.status}`);
  }
}

export const BOOKS_STARTERS: Record<string, Starter> = {
  audiobook_auto_direction: {
    prepare: async (ctx) => {
      ctx.state.directionProject = await pastedBook(ctx, 'Directed', [
        { title: 'Chapter 1', paragraphs: DIALOGUE },
      ]);
    },
    start: async (ctx) => {
      const body = await postJson(
        ctx,
        `/audiobook/projects/${ctx.state.directionProject}/direction/auto`,
      );
      return Number(body.job_id);
    },
  },
  audiobook_auto_cast: {
    prepare: async (ctx) => {
      const id = await pastedBook(ctx, 'Auto cast', [{ title: 'Chapter 1', paragraphs: DIALOGUE }]);
      await namedSpeakers(ctx, id);
      ctx.state.autoCastProject = id;
    },
    start: async (ctx) => {
      const body = await postJson(
        ctx,
        `/audiobook/projects/${ctx.state.autoCastProject}/cast/auto`,
      );
      return Number(body.job_id);
    },
  },
};
