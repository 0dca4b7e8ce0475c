/**
 * The audio upload routes, from THE route table: every multipart route except the manuscript
 * ones (which take documents). A new multipart route is taken for an audio route until it is
 * listed below, so the tests that use this cover it at once. The form for each carries the file
 * under the field(s) its row documents and the text fields it needs to reach the audio checks.
 */
import { z } from 'zod';
import type { AnyRoute } from '../../engine/src/api/route.ts';
import { MULTIPART_ROUTES } from './multipart-routes.ts';

/** Multipart routes whose file is not audio. */
const DOCUMENT_ROUTES = new Set([
  '/audiobook/projects/{project_id}/manuscript/upload',
  '/audiobook/projects/{project_id}/manuscript/parse',
  '/audiobook/projects/{project_id}/manuscript/append',
]);

export const AUDIO_UPLOAD_ROUTES: readonly AnyRoute[] = MULTIPART_ROUTES.filter(
  (route) => !DOCUMENT_ROUTES.has(route.path),
);

/** Text fields a route needs before it looks at the audio (`{voice_uuid}` is filled in). */
const FIELDS: Record<string, Record<string, string>> = {
  '/audio/transcriptions': { model: 'whisper-1' },
  '/audio/translations': { model: 'whisper-1' },
  '/audiobook/projects/{project_id}/media/upload': { kind: 'music' },
  '/speech/align': { text: 'The harbour was quiet.' },
  '/voice/voice-profiles': { name: 'Ten hours' },
  '/voice/voice-profiles/multi-sample': { name: 'Ten hours' },
  '/voice/voice-clone': { name: 'Ten hours' },
  '/voice/voice-convert': { voice_uuid: '{voice_uuid}' },
  '/stem-extraction/api/extract': { mode: 'two' },
  '/stem-extraction/quote': { mode: 'two' },
  '/stem-extraction/extract/advanced': { single_stem: 'vocals' },
  '/translation/translations': { target_language: 'de' },
};

/** The file field(s) a row documents: `voice_files` twice, `files`, or `file`. */
function fileFields(route: AnyRoute): string[] {
  const shape = route.body instanceof z.ZodObject ? Object.keys(route.body.shape) : [];
  if (shape.includes('voice_files')) return ['voice_files', 'voice_files'];
  if (shape.includes('files')) return ['files'];
  return ['file'];
}

export function audioForm(
  route: AnyRoute,
  audio: Buffer,
  filename: string,
  values: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(FIELDS[route.path] ?? {}))
    form.append(
      name,
      value.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? ''),
    );
  for (const field of fileFields(route))
    form.append(field, new Blob([new Uint8Array(audio)]), filename);
  return form;
}
