/** The answer of the upload routes. Imports only zod: the studio derives its types from it. */
import { z } from 'zod';

export const storedFileSchema = z
  .object({
    file_key: z.string(),
    bytes: z.number().int(),
    sha256: z.string(),
    content_type: z.string(),
    filename: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'StoredFile' });
