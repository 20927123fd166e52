import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '@glimpse/shared';
import { useId, useState, type FormEvent } from 'react';
import { errorReason } from '../../api/http';
import { useReportMutation } from '../../api/queries/moderation';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { MODERATION_TEXT } from '../../lib/text';
import styles from './Moderation.module.css';

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportTargetType;
  targetId: string;
  /**
   * The username of the member the report is about (a post's author); an account of another
   * server (`name@host`) offers to forward the report there.
   */
  username?: string;
}

/**
 * "Report" for a post, a comment or a member: a reason (required), optional details, then a
 * confirmation in the same dialog with the server's own text ("Thanks, your report was sent...",
 * or "You have already reported this...").
 */
export function ReportDialog({ open, onOpenChange, targetType, targetId, username }: ReportDialogProps) {
  const report = useReportMutation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [forward, setForward] = useState(false);
  const forwardHintId = useId();
  // An account of another server is `name@host`; members here can never have an @ in their name.
  const remoteHost = targetType !== 'comment' && username?.includes('@') ? username.split('@')[1] : null;
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const detailsId = useId();

  const reset = () => {
    setReason(null);
    setDetails('');
    setForward(false);
    setConfirmation(null);
    setError(null);
    report.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    setError(null);
    report.mutate(
      {
        targetType,
        targetId,
        reason,
        details: details.trim() || undefined,
        ...(remoteHost && forward ? { forward: true } : {}),
      },
      {
        onSuccess: (answer) => setConfirmation(answer.message),
        onError: (err) => setError(errorReason(err)),
      },
    );
  };

  const close = () => {
    onOpenChange(false);
    reset();
  };

  if (confirmation) {
    return (
      <Modal
        open={open}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
        title={MODERATION_TEXT.reportSentTitle}
        description={confirmation}
        size="sm"
        footer={<Button onClick={close}>{MODERATION_TEXT.close}</Button>}
      />
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={MODERATION_TEXT.reportTitle[targetType]}
      description={MODERATION_TEXT.reportIntro}
      size="sm"
    >
      <form onSubmit={onSubmit}>
        <fieldset className={styles.reasons}>
          <legend>{MODERATION_TEXT.reasonLegend}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {MODERATION_TEXT.reasons[value]}
            </label>
          ))}
        </fieldset>
        <label className={styles.field} htmlFor={detailsId}>
          {MODERATION_TEXT.detailsLabel}
          <textarea
            id={detailsId}
            className={styles.textarea}
            value={details}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            onChange={(e) => setDetails(e.target.value)}
          />
        </label>
        {remoteHost && (
          <>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={forward}
                onChange={(e) => setForward(e.target.checked)}
                aria-describedby={forwardHintId}
              />
              {MODERATION_TEXT.forwardLabel(remoteHost)}
            </label>
            <p id={forwardHintId} className={styles.muted}>
              {MODERATION_TEXT.forwardHint}
            </p>
          </>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={close}>
            {MODERATION_TEXT.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={!reason} isLoading={report.isPending}>
            {MODERATION_TEXT.send}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
