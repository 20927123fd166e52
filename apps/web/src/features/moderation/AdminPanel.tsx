import { PERMISSIONS, formatRelativeTime, type ModeratedUser, type Permission } from '@glimpse/shared';
import { useId, useState, type FormEvent } from 'react';
import { errorReason } from '../../api/http';
import { useAdminUserQuery, useAuditQuery, useRolesMutation } from '../../api/queries/moderation';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/useToast';
import { MODERATION_TEXT } from '../../lib/text';
import { FederationPanel } from './FederationPanel';
import styles from './Moderation.module.css';

function RolesEditor({ user }: { user: ModeratedUser }) {
  const toast = useToast();
  const save = useRolesMutation();
  const [isAdmin, setIsAdmin] = useState(user.roles.isAdmin);
  const [isModerator, setIsModerator] = useState(user.roles.isModerator);
  const [permissions, setPermissions] = useState<Permission[]>(user.roles.permissions);
  const [error, setError] = useState<string | null>(null);
  const toggle = (p: Permission) =>
    setPermissions((list) => (list.includes(p) ? list.filter((x) => x !== p) : [...list, p]));
  const onSave = () => {
    setError(null);
    save.mutate(
      { userId: user.id, isAdmin, isModerator, permissions },
      {
        onSuccess: () => toast.show(MODERATION_TEXT.rolesSaved, { type: 'success' }),
        onError: (err) => setError(errorReason(err)),
      },
    );
  };
  return (
    <fieldset className={styles.checks}>
      <legend>@{user.username}</legend>
      <label className={styles.check}>
        <input type="checkbox" checked={isAdmin} onChange={(e) => setIsAdmin(e.target.checked)} />
        {MODERATION_TEXT.rolesAdmin}
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={isModerator} onChange={(e) => setIsModerator(e.target.checked)} />
        {MODERATION_TEXT.rolesModerator}
      </label>
      {PERMISSIONS.map((p) => (
        <label key={p} className={styles.check}>
          <input type="checkbox" checked={permissions.includes(p)} onChange={() => toggle(p)} />
          {p}
        </label>
      ))}
      <div>
        <Button onClick={onSave} isLoading={save.isPending}>
          {MODERATION_TEXT.rolesSave}
        </Button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The admin's part of /moderation: roles by username, the federation policies, and the audit log. */
export function AdminPanel() {
  const [draft, setDraft] = useState('');
  const [username, setUsername] = useState<string | null>(null);
  const found = useAdminUserQuery(username);
  const audit = useAuditQuery(true);
  const rolesHeading = useId();
  const auditHeading = useId();

  const onFind = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) setUsername(draft.trim());
  };

  return (
    <>
      <section className={styles.section} aria-labelledby={rolesHeading}>
        <h2 id={rolesHeading} className={styles.sectionTitle}>
          {MODERATION_TEXT.rolesTitle}
        </h2>
        <p className={styles.muted}>{MODERATION_TEXT.rolesIntro}</p>
        <form className={styles.rolesForm} onSubmit={onFind}>
          <TextField
            label={MODERATION_TEXT.rolesUsername}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoComplete="off"
          />
          <Button type="submit" variant="secondary">
            {MODERATION_TEXT.rolesFind}
          </Button>
        </form>
        {found.isFetching && <LoadingState />}
        {found.isError && <p className={styles.error}>{MODERATION_TEXT.rolesNotFound}</p>}
        {found.data && !found.isFetching && <RolesEditor key={found.data.user.id} user={found.data.user} />}
      </section>
      <FederationPanel />
      <section className={styles.section} aria-labelledby={auditHeading}>
        <h2 id={auditHeading} className={styles.sectionTitle}>
          {MODERATION_TEXT.auditTitle}
        </h2>
        {audit.isPending ? (
          <LoadingState />
        ) : audit.isError ? (
          <ErrorState message={MODERATION_TEXT.queueLoadFailed} onRetry={() => void audit.refetch()} />
        ) : audit.data.entries.length === 0 ? (
          <p className={styles.muted}>{MODERATION_TEXT.auditEmpty}</p>
        ) : (
          <ul role="list" className={styles.list}>
            {audit.data.entries.map((entry) => (
              <li key={entry.id} className={styles.auditRow}>
                <span>
                  <strong>{MODERATION_TEXT.auditActor(entry.actor?.username ?? null)}</strong> {entry.action}{' '}
                  {entry.targetType} {entry.targetId}
                </span>
                <span className={styles.muted}>
                  <time dateTime={entry.createdAt}>{formatRelativeTime(entry.createdAt)}</time>
                  {entry.note && ` — ${entry.note}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
