import type { TwoFactorSetup } from '@glimpse/shared';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { renderSVG } from 'uqr';
import { errorReason } from '../../api/http';
import {
  useTwoFactorDisableMutation,
  useTwoFactorEnableMutation,
  useTwoFactorSetupMutation,
} from '../../api/queries/security';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/useToast';
import { SECURITY_TEXT as TEXT } from '../../lib/text';
import own from './Security.module.css';
import styles from './SettingsPage.module.css';

/**
 * The otpauth:// URL as a QR code, drawn here (no request carries the secret anywhere else) and
 * shown as a `data:` image, which the CSP's img-src allows (no inline SVG markup, no style).
 */
function QrCode({ url }: { url: string }) {
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { border: 2 }))}`,
    [url],
  );
  return <img className={own.qr} src={src} alt={TEXT.qrAlt} width={200} height={200} />;
}

/** Settings → Security → Two-factor sign-in: on with a QR code and a first code, off with password and code. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const id = useId();
  const toast = useToast();
  const setup = useTwoFactorSetupMutation();
  const enable = useTwoFactorEnableMutation();
  const disable = useTwoFactorDisableMutation();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onEnable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    enable.mutate(
      { code },
      {
        onSuccess: (answer) => {
          setRecoveryCodes(answer.recoveryCodes);
          setPending(null);
          setCode('');
          toast.show(TEXT.enabledToast);
        },
        onError: (err) => setError(errorReason(err)),
      },
    );
  };
  const onDisable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          setError(null);
          toast.show(TEXT.disabledToast);
        },
        onError: (err) => setError(errorReason(err)),
      },
    );
  };

  let body;
  if (recoveryCodes) {
    body = (
      <div className={own.stack} role="status">
        <h4 className={own.rowTitle}>{TEXT.recoveryTitle}</h4>
        <p className={own.muted}>{TEXT.recoveryHint}</p>
        <ul role="list" className={own.codes} aria-label={TEXT.recoveryListLabel}>
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div>
          <Button variant="secondary" onClick={() => setRecoveryCodes(null)}>
            {TEXT.recoverySaved}
          </Button>
        </div>
      </div>
    );
  } else if (pending) {
    body = (
      <form className={own.stack} noValidate onSubmit={onEnable}>
        <p>{TEXT.scan}</p>
        <div className={own.setup}>
          <QrCode url={pending.otpauthUrl} />
          <div className={own.stack}>
            <div>
              <p className={own.muted}>{TEXT.secretLabel}</p>
              <p className={own.secret}>{pending.secret}</p>
            </div>
            <TextField
              label={TEXT.confirmCode}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              error={error}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
              }}
            />
          </div>
        </div>
        <div className={own.actions}>
          <Button type="submit" isLoading={enable.isPending}>
            {enable.isPending ? TEXT.confirming : TEXT.confirm}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setPending(null)}>
            {TEXT.cancel}
          </Button>
        </div>
      </form>
    );
  } else if (enabled) {
    body = (
      <form className={own.stack} noValidate onSubmit={onDisable}>
        <p className={own.muted}>{TEXT.disableHint}</p>
        <TextField
          label={TEXT.password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label={TEXT.code}
          name="code"
          autoComplete="one-time-code"
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <div>
          <Button type="submit" variant="danger" isLoading={disable.isPending}>
            {disable.isPending ? TEXT.disabling : TEXT.turnOff}
          </Button>
        </div>
      </form>
    );
  } else {
    body = (
      <div>
        <Button
          isLoading={setup.isPending}
          onClick={() =>
            setup.mutate(undefined, {
              onSuccess: (answer) => {
                setPending(answer);
                setError(null);
              },
              onError: (err) => toast.show(errorReason(err), { type: 'error' }),
            })
          }
        >
          {TEXT.turnOn}
        </Button>
      </div>
    );
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {TEXT.twoFactorTitle}
      </h3>
      <p className={styles.cardHint}>{enabled ? TEXT.twoFactorOnHint : TEXT.twoFactorOffHint}</p>
      {body}
    </section>
  );
}
