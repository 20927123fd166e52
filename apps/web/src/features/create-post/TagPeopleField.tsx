import { MAX_TAGGED_USERS, type PublicUser, type TaggedUser } from '@glimpse/shared';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useUsersListQuery } from '../../api/queries/users-list';
import { Avatar } from '../../components/Avatar';
import { cx } from '../../lib/cx';
import { TAG_PEOPLE_TEXT as TEXT } from '../../lib/text';
import styles from './TagPeopleField.module.css';

/** Typing pauses this long before the members are searched. */
export const TAG_SEARCH_DEBOUNCE_MS = 250;
/** Suggestions shown at once, at most. */
const MAX_SUGGESTIONS = 6;

export function toTaggedUser(user: PublicUser): TaggedUser {
  return {
    id: user.id,
    _id: user.id,
    username: user.username,
    displayName: user.profile.displayName || user.username,
    avatarUrl: user.profile.profilePicture?.url ?? null,
  };
}

export interface TagPeopleFieldProps {
  value: readonly TaggedUser[];
  onChange(next: TaggedUser[]): void;
  disabled?: boolean;
}

/**
 * "Tag people" of the create and edit forms: a member search (GET /api/users?search=) as a
 * combobox, the chosen members as chips with a remove button each, at most MAX_TAGGED_USERS.
 * Keyboard: type, ↓/↑ through the suggestions, Enter adds, Escape closes the list, Backspace in an
 * empty search removes the last chip.
 */
export function TagPeopleField({ value, onChange, disabled = false }: TagPeopleFieldProps) {
  const ids = { input: useId(), hint: useId(), list: useId(), status: useId() };
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const full = value.length >= MAX_TAGGED_USERS;
  const term = debounced.trim();
  const users = useUsersListQuery(term, { enabled: open && term !== '' && !full });

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), TAG_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const chosen = new Set(value.map((u) => u.id));
  const suggestions =
    term === '' ? [] : (users.data ?? []).filter((u) => !chosen.has(u.id)).slice(0, MAX_SUGGESTIONS);
  const showList = open && search.trim() !== '' && !full;
  const expanded = showList && suggestions.length > 0;
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));
  const optionId = (i: number) => `${ids.list}-${i}`;

  const add = (user: PublicUser) => {
    if (full || chosen.has(user.id)) return;
    onChange([...value, toTaggedUser(user)]);
    setSearch('');
    setDebounced('');
    setActive(0);
  };
  const remove = (id: string) => onChange(value.filter((u) => u.id !== id));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter') {
      // Never submits the form from here: Enter picks the highlighted member.
      event.preventDefault();
      const user = suggestions[activeIndex];
      if (showList && user) add(user);
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        setOpen(false);
      }
    } else if (event.key === 'Backspace' && search === '' && value.length > 0) {
      remove(value[value.length - 1]!.id);
    }
  };

  const status = !showList
    ? ''
    : users.isError
      ? TEXT.searchFailed
      : users.isFetching && suggestions.length === 0
        ? TEXT.searching
        : term !== '' && !users.isFetching && suggestions.length === 0
          ? TEXT.noMatches
          : '';

  return (
    <div className={styles.field}>
      <label htmlFor={ids.input} className={styles.label}>
        {TEXT.label}
      </label>
      {value.length > 0 && (
        <ul role="list" className={styles.chips} aria-label={TEXT.chosenLabel}>
          {value.map((user) => (
            <li key={user.id} className={styles.chip}>
              <Avatar
                src={user.avatarUrl}
                name={user.displayName}
                size="xs"
                decorative
                className={styles.chipAvatar}
              />
              <span className={styles.chipName}>{user.displayName}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={TEXT.remove(user.displayName)}
                onClick={() => remove(user.id)}
                disabled={disabled}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.combo}>
        <input
          id={ids.input}
          type="text"
          role="combobox"
          className={styles.input}
          value={search}
          placeholder={TEXT.placeholder}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={ids.list}
          aria-activedescendant={expanded ? optionId(activeIndex) : undefined}
          aria-describedby={`${ids.hint} ${ids.status}`}
          disabled={disabled || full}
          onChange={(event) => {
            setSearch(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {expanded && (
          <ul id={ids.list} role="listbox" aria-label={TEXT.suggestionsLabel} className={styles.list}>
            {suggestions.map((user, i) => (
              <li
                key={user.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                className={cx(styles.option, i === activeIndex && styles.activeOption)}
                // Chosen before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  add(user);
                }}
              >
                <Avatar
                  src={user.profile.profilePicture?.url}
                  name={user.profile.displayName || user.username}
                  size="sm"
                  decorative
                />
                <span className={styles.optionNames}>
                  <span className={styles.optionName}>{user.profile.displayName || user.username}</span>
                  <span className={styles.optionUsername}>@{user.username}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p id={ids.hint} className={styles.hint}>
        {full ? TEXT.limitReached(MAX_TAGGED_USERS) : TEXT.hint}
      </p>
      <p id={ids.status} className={styles.status} role="status">
        {status}
      </p>
    </div>
  );
}
