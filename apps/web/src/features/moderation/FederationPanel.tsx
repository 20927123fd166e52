import { FEDERATION_DOMAIN_LEVELS, formatRelativeTime, type FederationDomainLevel } from '@glimpse/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorReason } from '../../api/http';
import { useFederationDomainMutation, useFederationDomainsQuery } from '../../api/queries/moderation';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/useToast';
import { MODERATION_TEXT } from '../../lib/text';
import styles from './Moderation.module.css';

/**
 * The admin's federation policies on /moderation: every domain with its level, a form to add (or
 * change) one and a Remove button each. The server normalises and checks the domain; its message
 * is shown under the field.
 */
export function FederationPanel() {
  const toast = useToast();
  const domains = useFederationDomainsQuery(true);
  const change = useFederationDomainMutation();
  const [domain, setDomain] = useState('');
  const [level, setLevel] = useState<FederationDomainLevel>('suspend');
  const [error, setError] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const heading = useId();
  const levelName = useId();

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    change.mutate(
      { domain: domain.trim(), level },
      {
        onSuccess: (answer) => {
          setDomain('');
          toast.show(MODERATION_TEXT.federationSaved(answer.domain.domain), { type: 'success' });
        },
        onError: (err) => {
          setError(errorReason(err));
          fieldRef.current?.focus();
        },
      },
    );
  };

  const onRemove = (name: string) => {
    setRemoveError(null);
    change.mutate(
      { domain: name, level: null },
      {
        onSuccess: () => {
          toast.show(MODERATION_TEXT.federationRemoved(name), { type: 'success' });
          // The row (and its button) is gone: keep the keyboard in the section.
          fieldRef.current?.focus();
        },
        onError: (err) => setRemoveError(errorReason(err)),
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby={heading}>
      <h2 id={heading} className={styles.sectionTitle}>
        {MODERATION_TEXT.federationTitle}
      </h2>
      <p className={styles.muted}>{MODERATION_TEXT.federationIntro}</p>
      <form className={styles.rolesForm} onSubmit={onAdd}>
        <TextField
          ref={fieldRef}
          label={MODERATION_TEXT.federationDomain}
          hint={MODERATION_TEXT.federationDomainHint}
          error={error}
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <fieldset className={styles.checks}>
          <legend>{MODERATION_TEXT.federationLevel}</legend>
          {FEDERATION_DOMAIN_LEVELS.map((l) => (
            <label key={l} className={styles.check}>
              <input
                type="radio"
                name={levelName}
                value={l}
                checked={level === l}
                onChange={() => setLevel(l)}
              />
              {MODERATION_TEXT.federationLevels[l]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" isLoading={change.isPending && change.variables?.level !== null}>
          {MODERATION_TEXT.federationAdd}
        </Button>
      </form>
      {domains.isPending ? (
        <LoadingState />
      ) : domains.isError ? (
        <ErrorState message={MODERATION_TEXT.federationLoadFailed} onRetry={() => void domains.refetch()} />
      ) : domains.data.domains.length === 0 ? (
        <p className={styles.muted}>{MODERATION_TEXT.federationEmpty}</p>
      ) : (
        <ul role="list" className={styles.list} aria-label={MODERATION_TEXT.federationListLabel}>
          {domains.data.domains.map((d) => (
            <li key={d.domain} className={styles.auditRow}>
              <span>
                <strong>{d.domain}</strong> {MODERATION_TEXT.federationLevels[d.level]}
              </span>
              <span className={styles.muted}>
                <time dateTime={d.updatedAt}>
                  {MODERATION_TEXT.federationSince(formatRelativeTime(d.updatedAt))}
                </time>
              </span>
              <span>
                <Button
                  variant="secondary"
                  aria-label={MODERATION_TEXT.federationRemoveLabel(d.domain)}
                  onClick={() => onRemove(d.domain)}
                  disabled={change.isPending}
                >
                  {MODERATION_TEXT.federationRemove}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {removeError && (
        <p className={styles.error} role="alert">
          {removeError}
        </p>
      )}
    </section>
  );
}
