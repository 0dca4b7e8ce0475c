/** Wire shape of the capability status (docs/api/models.md, "Capabilities"). Imports only zod. */
import { z } from 'zod';
import { CAPABILITIES } from '../../../inference/model-capabilities.ts';

export const capabilityStatusSchema = z
  .object({
    id: z.enum(CAPABILITIES),
    title: z.string().describe('Plain-language name, e.g. "Transcribe speech".'),
    status: z.enum(['ready', 'needs_pack', 'needs_configuration']),
    ready_with: z
      .enum(['pack', 'configuration', 'built_in'])
      .nullable()
      .describe(
        'pack: an installed pack runs it; configuration: something the owner set up runs it ' +
          '(the language model: their own model file or chat server); built_in: it works without one.',
      ),
    ready_packs: z.array(z.string()),
    recommended: z
      .object({
        id: z.string(),
        title: z.string(),
        bytes: z.number().int(),
        non_commercial: z.boolean(),
      })
      .nullable()
      .describe('The pack to install on this machine (not ready, or better than built-in).'),
    install: z
      .array(z.string())
      .describe('What one Install click installs: the pack and what it requires, in order.'),
    message: z.string().describe('One plain-language sentence for the studio.'),
  })
  .meta({ id: 'CapabilityStatus' });

export const capabilityListSchema = z.array(capabilityStatusSchema);
