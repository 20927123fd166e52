import type { PublicUser } from '@glimpse/shared';
import { useEffect, useState } from 'react';
import { UsersListError, useUsersListQuery } from '../../api/queries/users-list';
import { USERS_LIST_TEXT } from '../../lib/text';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { LoadingState, Spinner } from '../../components/Spinner';
import { participantName } from '../../api/chat/conversation-logic';
import { idOf } from '../../api/chat/message-logic';
import styles from './NewConversationModal.module.css';
import type { ActionResult } from './useChatActions';

/** Typing pauses this long before the server is asked; the shown list filters at once meanwhile. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

export interface NewConversationModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens (or creates) the chat with that member; an error is shown in the dialog. */
  onChoose: (userId: string) => Promise<ActionResult>;
}

function matches(user: PublicUser, needle: string): boolean {
  if (!needle) return true;
  return [user.username, user.profile.displayName ?? ''].some((t) => t.toLowerCase().includes(needle));
}

/** "Start New Conversation" (SPEC §2 Chat): pick a member from GET /api/users. */
export function NewConversationModal({ open, onOpenChange, onChoose }: NewConversationModalProps) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const users = useUsersListQuery(debounced, { enabled: open });

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const onOpenChangeAndReset = (next: boolean) => {
    if (!next) {
      setSearch('');
      setDebounced('');
      setError(null);
    }
    onOpenChange(next);
  };

  const choose = async (userId: string) => {
    setPendingId(userId);
    setError(null);
    const result = await onChoose(userId);
    setPendingId(null);
    if (!result.ok) setError(result.error);
    else {
      setSearch('');
      setDebounced('');
    }
  };

  const needle = search.trim().toLowerCase();
  const shown = (users.data ?? []).filter((u) => matches(u, needle));

  return (
    <Modal open={open} onOpenChange={onOpenChangeAndReset} title="Start New Conversation" size="sm">
      <input
        type="search"
        className={styles.search}
        placeholder="Search users..."
        aria-label="Search users"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.results}>
        {users.isPending ? (
          <LoadingState message="Loading users..." />
        ) : users.isError ? (
          <div className={styles.state} role="alert">
            <p className={styles.stateTitle}>{USERS_LIST_TEXT.loadFailed}</p>
            {users.error instanceof UsersListError && (
              <p className={styles.stateText}>{users.error.message}</p>
            )}
            <Button variant="secondary" size="sm" onClick={() => void users.refetch()}>
              Retry
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <p className={styles.state}>{needle ? USERS_LIST_TEXT.noMatches : USERS_LIST_TEXT.noUsers}</p>
        ) : (
          <ul role="list" className={styles.list} aria-busy={users.isFetching || undefined}>
            {shown.map((user) => {
              const name = participantName(user);
              const id = idOf(user);
              return (
                <li key={id}>
                  <button
                    type="button"
                    className={styles.user}
                    disabled={pendingId !== null}
                    aria-busy={pendingId === id || undefined}
                    onClick={() => void choose(id)}
                  >
                    <Avatar src={user.profile.profilePicture?.url} name={name} size="sm" decorative />
                    <span className={styles.userText}>
                      <span className={styles.userName}>{name}</span>
                      <span className={styles.userHandle}>@{user.username}</span>
                    </span>
                    {pendingId === id && <Spinner size="sm" decorative />}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Modal>
  );
}
