import { useId, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SearchIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { cityFromInput, suggestCities } from './city-search';
import styles from './ExploreSidebar.module.css';

export interface CitySearchProps {
  /** Known cities, most posts first (from location stats). */
  cities: readonly string[];
  onSelect: (city: string) => void;
}

/**
 * The Explore city search (SPEC §2): typing offers up to 5 known cities containing the text;
 * Enter chooses the highlighted suggestion, or else the typed text with each word title-cased;
 * empty input is ignored. An ARIA combobox: arrows move through the suggestions, Escape closes them.
 */
export function CitySearch({ cities, onSelect }: CitySearchProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useMemo(() => suggestCities(cities, text), [cities, text]);
  const showList = isOpen && suggestions.length > 0;

  const choose = (city: string) => {
    onSelect(city);
    setText('');
    setIsOpen(false);
    setActive(-1);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const picked = showList && active >= 0 ? suggestions[active] : undefined;
    if (picked) return choose(picked);
    const city = cityFromInput(text);
    if (city) choose(city);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && showList) {
      event.preventDefault();
      setIsOpen(false);
      setActive(-1);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!showList) {
      setIsOpen(true);
      return;
    }
    const last = suggestions.length - 1;
    setActive((i) => (event.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
  };

  return (
    <form className={styles.citySearch} role="search" aria-label="Cities" onSubmit={onSubmit}>
      <label htmlFor={inputId} className={styles.heading}>
        Search City
      </label>
      <div className={styles.comboBox}>
        <input
          id={inputId}
          className={styles.cityInput}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Search for a city..."
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setIsOpen(true)}
          onBlur={() => setIsOpen(false)}
        />
        <button type="submit" className={styles.citySubmit} aria-label="Search city">
          <SearchIcon />
        </button>
        <ul
          id={listId}
          role="listbox"
          aria-label="City suggestions"
          className={styles.suggestions}
          hidden={!showList}
        >
          {suggestions.map((city, index) => (
            <li
              key={city}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={cx(styles.suggestion, index === active && styles.suggestionActive)}
              // Keeps focus in the input, so the blur above does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(city)}
            >
              {city}
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
