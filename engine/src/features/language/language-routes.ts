/**
 * The language model's routes (ours; docs/api/language-model.md): what answers and how it runs,
 * the owner's choice, and unloading it now. Reading needs a session; changing what the engine
 * runs is the machine owner's (the studio credential), as for model packs.
 */
import type { Principal } from '../../api/principal.ts';
import { defineRoute } from '../../api/route.ts';
import { AppError } from '../../errors.ts';
import { languageModelStatusSchema, languageModelUpdateSchema } from './language-schemas.ts';

const TAG = 'language';

function ownerOnly({ principal }: { principal: Principal | null }): void {
  if (principal?.kind !== 'studio') {
    throw new AppError(
      'forbidden',
      'Only the machine’s owner (the studio) may choose or unload the language model.',
    );
  }
}

export const languageRoutes = [
  defineRoute({
    method: 'get',
    path: '/language-model',
    summary: 'The language model: what answers (pack, own file or chat server), memory, speed',
    tag: TAG,
    auth: 'bearer',
    response: languageModelStatusSchema,
    errors: ['unauthorized'],
    handler: (_ctx, { language }) => language.status(),
  }),
  defineRoute({
    method: 'put',
    path: '/language-model',
    summary: 'Choose the language model (auto, an installed pack, a GGUF file, a chat server, off)',
    tag: TAG,
    auth: 'bearer',
    authorize: ownerOnly,
    body: languageModelUpdateSchema,
    response: languageModelStatusSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'not_found'],
    handler: ({ body }, { language }) => language.update(body),
  }),
  defineRoute({
    method: 'post',
    path: '/language-model/unload',
    summary: 'Unload the embedded language model now (its memory goes back to the system)',
    tag: TAG,
    auth: 'bearer',
    authorize: ownerOnly,
    response: languageModelStatusSchema,
    errors: ['unauthorized', 'forbidden'],
    handler: async (_ctx, { language }) => {
      await language.model.unload();
      return language.status();
    },
  }),
];
