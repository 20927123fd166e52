import type { SearchSuggestions } from '@glimpse/shared';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useSearchSuggestionsQuery } from '../api/queries/search';
import { cx } from '../lib/cx';
import {
  addRecentSearch,
  clearRecentSearches,
  readRecentSearches,
  removeRecentSearch,
} from '../lib/recent-searches';
import { SEARCH_BOX_TEXT } from '../lib/text';
import { Avatar } from './Avatar';
import { CloseIcon, SearchIcon } from './icons';
import styles from './SearchBox.module.css';

/** Typing pauses this long before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

/** One row of the list: where it leads (a search text, or an address). */
export type SearchChoice = { kind: 'search'; query: string } | { kind: 'link'; href: string };

interface Row {
  id: string;
  group: 'recent' | 'people' | 'tags' | 'places';
  choice: SearchChoice;
  content: ReactNode;
  /** The recent search this row is (for removal). */
  recent?: string;
}

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

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function suggestionRows(
  data: SearchSuggestions,
  hrefs: SearchBoxProps['hrefs'],
  idOf: (i: number) => string,
) {
  const rows: Row[] = [];
  const push = (row: Omit<Row, 'id'>) => rows.push({ ...row, id: idOf(rows.length) });
  for (const user of data.users) {
    const name = user.profile?.displayName?.trim() || user.username;
    push({
      group: 'people',
      choice: { kind: 'link', href: hrefs.person(user.username) },
      content: (
        <>
          <Avatar src={user.profile?.profilePicture?.url} name={name} size="xs" decorative />
          <span className={styles.main}>{name === user.username ? `@${user.username}` : name}</span>
          {name !== user.username && <span className={styles.aside}>@{user.username}</span>}
        </>
      ),
    });
  }
  for (const tag of data.tags) {
    push({
      group: 'tags',
      choice: { kind: 'link', href: hrefs.tag(tag.tag) },
      content: (
        <>
          <span className={styles.main}>#{tag.tag}</span>
          <span className={styles.aside}>{SEARCH_BOX_TEXT.posts(tag.count)}</span>
        </>
      ),
    });
  }
  for (const place of data.places) {
    push({
      group: 'places',
      choice: { kind: 'link', href: hrefs.place(place.city) },
      content: (
        <>
          <span className={styles.main}>{place.city}</span>
          <span className={styles.aside}>{SEARCH_BOX_TEXT.posts(place.count)}</span>
        </>
      ),
    });
  }
  return rows;
}

/**
 * The navigation's search (role="search" form, ARIA combobox): Enter searches the text; as one
 * types, people, tags and places are suggested (GET /api/search/suggestions); focused and empty,
 * it lists the member's recent searches (kept on this device), each removable, with "Clear".
 * Arrow keys move through the list, Enter opens the row, Escape closes it.
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
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const wrapper = useRef<HTMLFormElement | null>(null);
  const text = value.trim();
  const debounced = useDebounced(text, SUGGEST_DELAY_MS);
  const suggestions = useSearchSuggestionsQuery(isOpen ? debounced : '');
  const idOf = (i: number) => `${baseId}-option-${i}`;

  const rows: Row[] =
    text === ''
      ? recent.map((query, i) => ({
          id: idOf(i),
          group: 'recent',
          choice: { kind: 'search', query },
          content: <span className={styles.main}>{query}</span>,
          recent: query,
        }))
      : suggestions.data && debounced !== ''
        ? suggestionRows(suggestions.data, hrefs, idOf)
        : [];
  const expanded = isOpen && rows.length > 0;
  const activeRow = expanded ? rows[active] : undefined;

  const close = () => {
    setIsOpen(false);
    setActive(-1);
  };
  const open = () => {
    setRecent(readRecentSearches());
    setIsOpen(true);
  };
  const search = (query: string) => {
    setRecent(addRecentSearch(query));
    close();
    onSearch(query);
  };
  const choose = (row: Row) => {
    if (row.choice.kind === 'search') {
      setValue(row.choice.query);
      search(row.choice.query);
    } else {
      close();
      onOpen(row.choice.href);
    }
  };
  const forget = (query: string) => {
    const next = removeRecentSearch(query);
    setRecent(next);
    setActive((i) => Math.min(i, next.length - 1));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (activeRow) choose(activeRow);
    else if (text) search(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        open();
        return;
      }
      if (rows.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end comes back to the text field (-1), then wraps.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? rows.length - 1 : next >= rows.length ? -1 : next;
      });
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Delete' && event.shiftKey && activeRow?.recent !== undefined) {
      event.preventDefault();
      forget(activeRow.recent);
    }
  };

  const groupLabel: Record<Row['group'], string> = {
    recent: SEARCH_BOX_TEXT.recent,
    people: SEARCH_BOX_TEXT.people,
    tags: SEARCH_BOX_TEXT.tags,
    places: SEARCH_BOX_TEXT.places,
  };
  const groups = (['people', 'tags', 'places'] as const)
    .map((group) => ({ group, rows: rows.filter((row) => row.group === group) }))
    .filter((g) => g.rows.length > 0);

  const option = (row: Row) => (
    <div
      key={row.id}
      id={row.id}
      role="option"
      aria-selected={row === activeRow}
      className={cx(styles.option, row === activeRow && styles.activeOption)}
      // Keep the focus in the field: a click chooses, a blur would close the list first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => choose(row)}
    >
      {row.content}
    </div>
  );

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
          setActive(-1);
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
        aria-controls={listId}
        aria-activedescendant={activeRow?.id}
        autoComplete="off"
        enterKeyHint="search"
      />
      <div className={styles.popup} hidden={!expanded}>
        {text === '' ? (
          <>
            <div className={styles.head}>
              <span id={`${baseId}-recent`}>{SEARCH_BOX_TEXT.recent}</span>
              <button
                type="button"
                className={styles.clear}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setRecent(clearRecentSearches());
                  close();
                }}
              >
                {SEARCH_BOX_TEXT.clear}
              </button>
            </div>
            <div className={styles.rows}>
              <div role="listbox" id={listId} aria-labelledby={`${baseId}-recent`}>
                {rows.map(option)}
              </div>
              {/* Beside each row, outside the listbox (a listbox holds options only). */}
              <div className={styles.removes}>
                {rows.map((row) => (
                  <button
                    key={row.id}
                    type="button"
                    className={styles.remove}
                    aria-label={SEARCH_BOX_TEXT.remove(row.recent ?? '')}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => forget(row.recent ?? '')}
                  >
                    <CloseIcon size={16} />
                  </button>
                ))}
              </div>
            </div>
          </>
        ) : (
          <div role="listbox" id={listId} aria-label={SEARCH_BOX_TEXT.suggestions}>
            {groups.map(({ group, rows: groupRows }) => (
              <div key={group} role="group" aria-labelledby={`${baseId}-${group}`}>
                <div role="presentation" id={`${baseId}-${group}`} className={styles.groupLabel}>
                  {groupLabel[group]}
                </div>
                {groupRows.map(option)}
              </div>
            ))}
          </div>
        )}
      </div>
    </form>
  );
}
