import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** Header block and body, with the body's transfer encoding undone. */
  subject: string;
  text: string;
}

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:<port>`: the credentials are required by this server. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to `to` (or one already received and not yet taken). */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const USER = 'glimpse';
const PASS = 'smtp-secret';

function decodeBody(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    return body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

/** Parses a single-part text mail (what lib/mail sends). */
function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : '';
  const unfolded = headers.replace(/\r\n[ \t]+/g, ' ');
  const subject = /^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '';
  return { ...envelope, subject, text: decodeBody(headers, body) };
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that requires the credentials in its
 * URL and keeps what it receives, for tests of the mail the app sends.
 */
export async function startTestSmtpServer(opts: { port?: number } = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const arrived = new EventEmitter();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make; AUTH over it is allowed for the test.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        });
        mails.push(mail);
        arrived.emit('mail', mail);
        callback();
      });
    },
  });
  server.listen(opts.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  const taken = new Set<ReceivedMail>();
  const take = (to: string) => mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    mails,
    async nextMail(to, timeoutMs = 10_000) {
      for (const deadline = Date.now() + timeoutMs; ;) {
        const found = take(to);
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} arrived`);
        await Promise.race([once(arrived, 'mail'), new Promise((r) => setTimeout(r, left))]);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
