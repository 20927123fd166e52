import { useState, type FormEvent } from 'react';
import { cx } from '../lib/cx';
import { SearchIcon } from './icons';
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
      <SearchIcon className={styles.icon} />
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
