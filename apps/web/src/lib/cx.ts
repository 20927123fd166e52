/** Joins class names, skipping falsy ones: cx(styles.a, isOn && styles.on). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
