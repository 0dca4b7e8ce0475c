/**
 * The languages Whisper names (openai/whisper tokenizer.py LANGUAGES, v3 adds `yue`). A hint is
 * checked here, before it reaches sherpa-onnx, which ends its process on an unknown language.
 */
export const WHISPER_LANGUAGE_CODES: ReadonlySet<string> = new Set(
  (
    'en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no th ' +
    'ur hr bg lt la mi ml cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw gl mr ' +
    'pa si km sn yo so af oc ka be tg sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl mg as tt ' +
    'haw ln ha ba jw su yue'
  ).split(' '),
);

/** `en`, `EN`, `en-US`, `pt_BR` → Whisper's code, or null when Whisper has none. */
export function whisperLanguage(hint: string): string | null {
  const base = hint.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return WHISPER_LANGUAGE_CODES.has(base) ? base : null;
}
