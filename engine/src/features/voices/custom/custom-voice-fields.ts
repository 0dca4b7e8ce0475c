/**
 * The text fields of the custom-voice uploads (multipart), checked like a JSON body: 400
 * `validation_error` naming the field. Multipart sends everything as text, so booleans accept
 * true/false/1/0/yes/no/on/off.
 */
import { AppError } from '../../../errors.ts';

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 1000;

function invalid(field: string, message: string): AppError {
  return new AppError('validation_error', message, {
    details: { fields: [{ loc: ['body', field], msg: message }] },
  });
}

export function requiredName(fields: Record<string, string>): string {
  const name = (fields.name ?? '').trim();
  if (name.length === 0) throw invalid('name', 'name is required (1 to 100 characters).');
  if (name.length > NAME_MAX) throw invalid('name', `name is limited to ${NAME_MAX} characters.`);
  return name;
}

export function optionalDescription(fields: Record<string, string>): string {
  const text = (fields.description ?? '').trim();
  if (text.length > DESCRIPTION_MAX)
    throw invalid('description', `description is limited to ${DESCRIPTION_MAX} characters.`);
  return text;
}

export function booleanField(
  fields: Record<string, string>,
  name: string,
  fallback: boolean,
): boolean {
  const raw = fields[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw invalid(name, `${name} must be true or false.`);
}

const BCP47 = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

export function optionalLanguage(fields: Record<string, string>): string | null {
  const raw = fields.language?.trim();
  if (!raw) return null;
  if (!BCP47.test(raw)) throw invalid('language', 'language must be a BCP 47 tag such as en-US.');
  return raw;
}

/** Words of a sample longer than this are not a prompt transcript. */
export const REFERENCE_TEXT_MAX = 2000;

/** `reference_text` (ours): the words spoken in the sample (ZipVoice needs them). */
export function optionalReferenceText(fields: Record<string, string>): string | null {
  const text = (fields.reference_text ?? '').replace(/\s+/gu, ' ').trim();
  if (text.length > REFERENCE_TEXT_MAX)
    throw invalid(
      'reference_text',
      `reference_text is limited to ${REFERENCE_TEXT_MAX} characters.`,
    );
  return text || null;
}

/** `model` (ours): the voice-cloning pack to use, by id; checked by clone-pack-choice.ts. */
export function optionalModel(fields: Record<string, string>): string | null {
  const id = fields.model?.trim();
  if (!id) return null;
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) || id.length > 64)
    throw invalid('model', 'model must be a voice-cloning model id such as pocket-tts-en.');
  return id;
}
