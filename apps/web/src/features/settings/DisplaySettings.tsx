import { useId } from 'react';
import { cx } from '../../lib/cx';
import { THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../../lib/theme';
import styles from './SettingsPage.module.css';

const OPTIONS: Record<ThemeChoice, { label: string; hint: string }> = {
  light: { label: 'Light', hint: 'Always light.' },
  dark: { label: 'Dark', hint: 'Always dark: easier on the eyes at night.' },
  system: { label: 'System', hint: "Follows your device's light or dark setting." },
};

/**
 * Settings → Display: the colour theme. It applies at once and is kept on this device (the next
 * visit starts in it, before the first paint).
 */
export function DisplaySettings() {
  const [choice, setChoice] = useThemeChoice();
  const name = useId();
  return (
    <section className={styles.card} aria-labelledby={`${name}-title`}>
      <h3 id={`${name}-title`} className={styles.cardTitle}>
        Theme
      </h3>
      <p className={styles.cardHint}>Choose how Glimpse looks on this device.</p>
      <div role="radiogroup" aria-labelledby={`${name}-title`} className={styles.themeOptions}>
        {THEME_CHOICES.map((value) => (
          <label
            key={value}
            className={cx(styles.themeOption, choice === value && styles.themeOptionChecked)}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              aria-labelledby={`${name}-${value}-label`}
              aria-describedby={`${name}-${value}-hint`}
            />
            <span className={cx(styles.themeSwatch, styles[`swatch-${value}`])} aria-hidden="true" />
            <span className={styles.themeText}>
              <span id={`${name}-${value}-label`} className={styles.themeLabel}>
                {OPTIONS[value].label}
              </span>
              <span id={`${name}-${value}-hint`} className={styles.hint}>
                {OPTIONS[value].hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </section>
  );
}
