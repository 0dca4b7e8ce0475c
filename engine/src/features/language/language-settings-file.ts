/**
 * Keeps the owner's language-model choice (PUT /language-model) in settings.json, under the keys
 * the owner may also write by hand (`llmSource`, `llmPack`, `llmModelFile`, `llmUrl`, `llmGpu`,
 * `llmContextTokens`, `llmIdleSeconds`; docs/api/language-model.md), every other setting kept.
 * A null removes the key. Written to a temp file and renamed, so a crash never leaves half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { settingsPath } from '../../config.ts';
import { AppError } from '../../errors.ts';

export type LanguageSettingsPatch = Record<string, string | number | null>;

export function writeLanguageSettings(home: string, patch: LanguageSettingsPatch): void {
  const file = settingsPath(home);
  let current: Record<string, unknown> = {};
  if (fs.existsSync(file)) {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
        current = parsed as Record<string, unknown>;
    } catch (error) {
      throw new AppError('validation_error', `settings file ${file} is not valid JSON`, {
        cause: error,
      });
    }
  }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete current[key];
    else current[key] = value;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(current, null, 2)}\n`);
  fs.renameSync(temp, file);
}
