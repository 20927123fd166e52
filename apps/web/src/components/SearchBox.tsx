import { lazy, Suspense, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { cx } from '../lib/cx';
import { addRecentSearch } from '../lib/recent-searches';
import { SEARCH_BOX_TEXT } from '../lib/text';
import { SearchIcon } from './icons';
import styles from './SearchBox.module.css';
import type { SearchPopupHandle, SearchPopupState } from './SearchPopup';

// The list (recent searches, suggestions) loads when the box is first opened: it is no part of a
// page's first load (issue 29); the field itself is.
const SearchPopup = lazy(() => import('./SearchPopup').then((m) => ({ default: m.SearchPopup })));

export interface SearchBoxProps {
  /** Runs on Enter (or a recent search) with the trimmed text; empty text is ignored. */
  onSearch: (query: string) => void;
  /** A suggestion was picked (a person, a tag, a place). */
  onOpen: (href: string) => void;
  /** Where a person, tag and place lead. */
  hrefs: {
    person: (username: string) => string;
    tag: (tag: string) => string;
    place: (city: string) => string;
  };
  placeholder?: string;
  /** Accessible name of the input. */
  label?: string;
  defaultValue?: string;
  className?: string;
}

const CLOSED: SearchPopupState = { expanded: false, activeId: undefined };

/**
 * The navigation's search (role="search" form, ARIA combobox): Enter searches the text; as one
 * types, people, tags and places are suggested (GET /api/search/suggestions); focused and empty,
 * it lists the member's recent searches (kept on this device), each removable, with "Clear".
 * Arrow keys move through the list, Enter opens the row, Escape closes it (SearchPopup.tsx).
 */
export function SearchBox({
  onSearch,
  onOpen,
  hrefs,
  placeholder = SEARCH_BOX_TEXT.placeholder,
  label = SEARCH_BOX_TEXT.label,
  defaultValue = '',
  className,
}: SearchBoxProps) {
  const [value, setValue] = useState(defaultValue);
  const [isOpen, setIsOpen] = useState(false);
  const [popup, setPopup] = useState(CLOSED);
  const popupHandle = useRef<SearchPopupHandle | null>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const wrapper = useRef<HTMLFormElement | null>(null);
  const text = value.trim();
  const expanded = isOpen && popup.expanded;

  const close = () => setIsOpen(false);
  const open = () => setIsOpen(true);
  const search = (query: string) => {
    addRecentSearch(query);
    close();
    onSearch(query);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (popupHandle.current?.chooseActive()) return;
    if (text) search(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !isOpen) {
      event.preventDefault();
      open();
      return;
    }
    popupHandle.current?.onKeyDown(event);
  };

  return (
    <form
      role="search"
      ref={wrapper}
      className={cx(styles.form, className)}
      onSubmit={onSubmit}
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <SearchIcon className={styles.icon} />
      <input
        type="search"
        role="combobox"
        className={styles.input}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (!isOpen) open();
        }}
        onFocus={open}
        onClick={() => {
          if (!isOpen) open();
        }}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded ? popup.activeId : undefined}
        autoComplete="off"
        enterKeyHint="search"
      />
      {isOpen && (
        <Suspense fallback={null}>
          <SearchPopup
            ref={popupHandle}
            baseId={baseId}
            text={text}
            hrefs={hrefs}
            onStateChange={setPopup}
            onSearch={(query) => {
              setValue(query);
              search(query);
            }}
            onOpen={onOpen}
            onClose={close}
          />
        </Suspense>
      )}
    </form>
  );
}
