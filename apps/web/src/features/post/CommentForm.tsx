import { COMMENT_MAX_LENGTH } from '@glimpse/shared';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { rememberAfterSignIn } from '../auth/after-sign-in';
import { Button } from '../../components/Button';
import styles from './Comments.module.css';
import { COMMENT_TEXT } from '../../lib/text';

export interface CommentFormProps {
  /** Resolves true once the comment is posted; the field is cleared only then. */
  onSubmit: (content: string) => Promise<boolean>;
  isPosting: boolean;
  isAuthenticated: boolean;
  /** Why the last try failed (offline); tied to the field, cleared by the caller on edit. */
  error?: string | null;
  onEdit?: () => void;
}

/**
 * The comment box (SPEC §5): trimmed and non-empty, Enter without Shift sends, Shift+Enter is a
 * new line; the button is disabled while empty or posting. Visitors get a link to /login.
 */
export function CommentForm({ onSubmit, isPosting, isAuthenticated, error, onEdit }: CommentFormProps) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();

  // One line to start, growing with what is typed (up to the CSS max-height, then it scrolls):
  // on a phone the composer must not push the post off the screen.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${input.scrollHeight + input.offsetHeight - input.clientHeight}px`;
  }, [text]);
  const errorId = `${fieldId}-error`;
  const content = text.trim();
  const canSubmit = content.length > 0 && !isPosting;

  if (!isAuthenticated) {
    return <SignInToComment />;
  }

  const submit = async () => {
    if (!canSubmit) return;
    if (await onSubmit(content)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME candidate (Chinese, Japanese input) must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className={styles.form} onSubmit={onFormSubmit}>
      <label htmlFor={fieldId} className="visually-hidden">
        Write a comment
      </label>
      <div className={styles.composer}>
        <textarea
          ref={inputRef}
          id={fieldId}
          className={styles.input}
          placeholder={COMMENT_TEXT.placeholder}
          value={text}
          rows={1}
          maxLength={COMMENT_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (error) onEdit?.();
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" size="sm" disabled={!canSubmit}>
          {isPosting ? COMMENT_TEXT.posting : COMMENT_TEXT.submit}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}

/** "Please login to comment": sign-in comes back to this post, with the box ready. */
function SignInToComment() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <p className={styles.signIn}>
      <Link to="/login" state={{ from: here }} onClick={() => rememberAfterSignIn(here)}>
        {COMMENT_TEXT.signIn}
      </Link>
    </p>
  );
}
