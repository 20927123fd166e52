import { USER_MSG } from '@glimpse/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/http';
import { downloadExport, useDeleteAccountMutation, type ExportProgress } from '../../api/queries/account';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/useToast';
import { YOUR_DATA_TEXT as TEXT } from '../../lib/text';
import { useAuth } from '../../lib/useAuth';
import styles from './YourDataSettings.module.css';

const MB = 1024 * 1024;

function formatSize(bytes: number): string {
  return bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1)} MB`;
}

/** Saves a Blob under a name through a temporary link (the only way a page starts a download). */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; the URL can go on the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; progress: ExportProgress }
  | { status: 'done' }
  | { status: 'failed'; message: string };

/** "Download my data": streams GET /api/users/me/export with its progress, then saves the zip. */
function ExportCard() {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const running = state.status === 'running';

  const onDownload = async () => {
    setState({ status: 'running', progress: { received: 0, total: null } });
    try {
      const file = await downloadExport({
        onProgress: (progress) => setState({ status: 'running', progress }),
      });
      saveFile(file.blob, file.filename);
      setState({ status: 'done' });
    } catch (error) {
      console.error('Export failed', error);
      setState({
        status: 'failed',
        message: (isApiError(error) && error.serverMessage) || TEXT.exportFailed,
      });
    }
  };

  const progress = state.status === 'running' ? state.progress : null;
  const percent = progress?.total ? Math.round((progress.received / progress.total) * 100) : undefined;

  return (
    <section className={styles.card} aria-labelledby="your-data-export">
      <h3 id="your-data-export" className={styles.title}>
        {TEXT.exportHeading}
      </h3>
      <p className={styles.hint}>{TEXT.exportHint}</p>
      {progress && (
        <div className={styles.progressRow}>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={TEXT.exportHeading}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={
              progress.received > 0
                ? TEXT.exportProgress(formatSize(progress.received))
                : TEXT.exportPreparing
            }
          >
            <span
              className={percent === undefined ? styles.indeterminate : styles.bar}
              style={percent === undefined ? undefined : { width: `${percent}%` }}
            />
          </div>
        </div>
      )}
      <p role="status" className={styles.status}>
        {progress
          ? progress.received > 0
            ? TEXT.exportProgress(formatSize(progress.received))
            : TEXT.exportPreparing
          : state.status === 'done'
            ? TEXT.exportDone
            : ''}
      </p>
      {state.status === 'failed' && (
        <p role="alert" className={styles.error}>
          {state.message}
        </p>
      )}
      <Button variant="secondary" onClick={() => void onDownload()} isLoading={running} disabled={running}>
        {TEXT.exportButton}
      </Button>
    </section>
  );
}

/** "Delete account": a dialog that names what goes, and the password to confirm. */
function DeleteCard() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccountMutation();
  const { logout } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const formId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);

  const onOpenChange = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    setPassword('');
    setError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!password) {
      setError(USER_MSG.passwordRequired);
      passwordRef.current?.focus();
      return;
    }
    try {
      await remove.mutateAsync({ password });
    } catch (caught) {
      setError((isApiError(caught) && caught.serverMessage) || TEXT.deleteFailed);
      passwordRef.current?.focus();
      return;
    }
    setOpen(false);
    logout();
    toast.show(TEXT.deleted, { type: 'success' });
    void navigate('/login', { replace: true });
  };

  return (
    <section className={styles.card} aria-labelledby="your-data-delete">
      <h3 id="your-data-delete" className={styles.title}>
        {TEXT.deleteHeading}
      </h3>
      <p className={styles.hint}>{TEXT.deleteHint}</p>
      <Button variant="danger" onClick={() => onOpenChange(true)}>
        {TEXT.deleteButton}
      </Button>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={TEXT.deleteDialogTitle}
        description={TEXT.deleteDialogIntro}
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
              {TEXT.deleteCancel}
            </Button>
            <Button variant="danger" type="submit" form={formId} isLoading={remove.isPending}>
              {remove.isPending ? TEXT.deleting : TEXT.deleteConfirm}
            </Button>
          </>
        }
      >
        <ul className={styles.losses}>
          {TEXT.deleteLosses.map((loss) => (
            <li key={loss}>{loss}</li>
          ))}
        </ul>
        <p className={styles.hint}>{TEXT.deleteDownloadFirst}</p>
        <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            ref={passwordRef}
            label={TEXT.deletePasswordLabel}
            type="password"
            autoComplete="current-password"
            value={password}
            error={error ?? undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            disabled={remove.isPending}
          />
        </form>
      </Modal>
    </section>
  );
}

/** Settings → Account → Your data: take it with you, or delete the account. */
export function YourDataSettings() {
  return (
    <div className={styles.stack} aria-label={TEXT.title} role="group">
      <ExportCard />
      <DeleteCard />
    </div>
  );
}
