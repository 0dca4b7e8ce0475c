/**
 * Copies text: the async Clipboard API where the page may use it (a secure context such as
 * http://127.0.0.1, with focus), else the legacy copy command on a selected field, which some
 * embedded or locked-down browsers still allow. False when neither worked: the caller then asks
 * the person to press Ctrl+C / ⌘C on the (already selected) field.
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or document not focused: fall through to the legacy path.
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    // Deprecated but still the only synchronous fallback; harmless where unsupported.
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
