import { useState, type FormEvent } from 'react';
import { cx } from '../lib/cx';
import styles from './SearchBox.module.css';

export interface SearchBoxProps {
  /** Runs on Enter with the trimmed text; empty text is ignored. */
  onSearch: (query: string) => void;
  placeholder?: string;
  /** Accessible name of the input. */
  label?: string;
  defaultValue?: string;
  className?: string;
}

/** A search field (role="search" form) that submits on Enter. */
export function SearchBox({
  onSearch,
  placeholder = 'Search...',
  label = 'Search',
  defaultValue = '',
  className,
}: SearchBoxProps) {
  const [value, setValue] = useState(defaultValue);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = value.trim();
    if (query) onSearch(query);
  };

  return (
    <form role="search" className={cx(styles.form, className)} onSubmit={onSubmit}>
      <svg
        className={styles.icon}
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        className={styles.input}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        enterKeyHint="search"
      />
    </form>
  );
}
