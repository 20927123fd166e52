import { createTransport } from 'nodemailer';

/**
 * Outgoing mail (password reset links) through the SMTP server of SMTP_URL (`smtp://` with
 * STARTTLS when the server offers it, or `smtps://`; credentials in the URL). Modules ask this to
 * send; the texts live in the catalogue (MAIL_MSG). Without SMTP_URL, `enabled` is false and the
 * web app says so instead of promising a mail.
 */
export interface Mailer {
  enabled: boolean;
  /** Hands one mail to the SMTP server; rejects when it refuses or cannot be reached. */
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/** How long an unresponsive SMTP server may hold a mail before it counts as failed. */
const SMTP_CONNECT_TIMEOUT_MS = 10_000;
const SMTP_SOCKET_TIMEOUT_MS = 30_000;

export function createMailer(opts: { smtpUrl: string | undefined; from: string }): Mailer {
  if (!opts.smtpUrl) {
    return {
      enabled: false,
      send: () => Promise.reject(new Error('SMTP_URL is not set: this server cannot send mail')),
      close: () => {},
    };
  }
  const url = new URL(opts.smtpUrl);
  const transport = createTransport(
    {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
      greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
      socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    },
    { from: opts.from },
  );
  return {
    enabled: true,
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
