/** Joins class names, dropping the falsy ones: `cx(styles.button, busy && styles.busy)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
