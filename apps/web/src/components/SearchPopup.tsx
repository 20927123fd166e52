import type { SearchSuggestions } from '@glimpse/shared';
import {
  useEffect,
  useImperativeHandle,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useSearchSuggestionsQuery } from '../api/queries/search';
import { cx } from '../lib/cx';
import { clearRecentSearches, readRecentSearches, removeRecentSearch } from '../lib/recent-searches';
import { SEARCH_BOX_TEXT } from '../lib/text';
import { Avatar } from './Avatar';
import { CloseIcon } from './icons';
import type { SearchBoxProps } from './SearchBox';
import styles from './SearchPopup.module.css';

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

/** What the field shows of the list (aria-expanded, aria-activedescendant). */
export interface SearchPopupState {
  expanded: boolean;
  activeId: string | undefined;
}

/** What the field hands the list: its keys, and Enter. */
export interface SearchPopupHandle {
  /** A key the field did not handle itself. */
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Enter: chooses the highlighted row; false when none is (the field then searches its text). */
  chooseActive: () => boolean;
}

export interface SearchPopupProps {
  ref: Ref<SearchPopupHandle>;
  baseId: string;
  /** The field's trimmed text. */
  text: string;
  hrefs: SearchBoxProps['hrefs'];
  onStateChange: (state: SearchPopupState) => void;
  /** A recent search was chosen (the field takes its text, then searches). */
  onSearch: (query: string) => void;
  onOpen: (href: string) => void;
  onClose: () => void;
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

const GROUP_LABEL: Record<Row['group'], string> = {
  recent: SEARCH_BOX_TEXT.recent,
  people: SEARCH_BOX_TEXT.people,
  tags: SEARCH_BOX_TEXT.tags,
  places: SEARCH_BOX_TEXT.places,
};

/**
 * The search box's list, mounted while the box is open and loaded on demand (not part of a
 * page's first load): focused and empty, the member's recent searches (kept on this device),
 * each removable, with "Clear"; as one types, people, tags and places (GET
 * /api/search/suggestions). Arrow keys move through it; the field reads the highlighted row.
 */
export function SearchPopup({
  ref,
  baseId,
  text,
  hrefs,
  onStateChange,
  onSearch,
  onOpen,
  onClose,
}: SearchPopupProps) {
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState(readRecentSearches);
  const listId = `${baseId}-list`;
  const debounced = useDebounced(text, SUGGEST_DELAY_MS);
  const suggestions = useSearchSuggestionsQuery(debounced);
  const idOf = (i: number) => `${baseId}-option-${i}`;

  // A new text starts again from the field.
  const [rowsOf, setRowsOf] = useState(text);
  if (rowsOf !== text) {
    setRowsOf(text);
    setActive(-1);
  }

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
  const expanded = rows.length > 0;
  const activeRow = expanded ? rows[active] : undefined;
  const activeId = activeRow?.id;

  useEffect(() => onStateChange({ expanded, activeId }), [expanded, activeId, onStateChange]);
  useEffect(() => () => onStateChange({ expanded: false, activeId: undefined }), [onStateChange]);

  const choose = (row: Row) => {
    if (row.choice.kind === 'search') onSearch(row.choice.query);
    else {
      onClose();
      onOpen(row.choice.href);
    }
  };
  const forget = (query: string) => {
    const next = removeRecentSearch(query);
    setRecent(next);
    setActive((i) => Math.min(i, next.length - 1));
  };

  useImperativeHandle(ref, () => ({
    chooseActive: () => {
      if (!activeRow) return false;
      choose(activeRow);
      return true;
    },
    onKeyDown: (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
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
        onClose();
      } else if (event.key === 'Delete' && event.shiftKey && activeRow?.recent !== undefined) {
        event.preventDefault();
        forget(activeRow.recent);
      }
    },
  }));

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
                onClose();
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
                {GROUP_LABEL[group]}
              </div>
              {groupRows.map(option)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
