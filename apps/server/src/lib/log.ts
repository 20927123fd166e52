import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type DestinationStream } from 'pino';

/**
 * Logging: pino (Fastify's own), with Fastify's two "incoming request" / "request completed"
 * lines per request replaced by one access line written when the response is done. JSON lines
 * when stdout is not a terminal (for log collectors); a short readable line on a terminal.
 */

export interface LoggerOptions {
  level: string;
  /** Where lines go; default: stdout, pretty when it is a terminal. */
  destination?: DestinationStream;
}

export function createLogger(opts: LoggerOptions): FastifyBaseLogger {
  const destination = opts.destination ?? (process.stdout.isTTY ? prettyStdout() : undefined);
  const options = { level: opts.level, base: undefined };
  return (destination ? pino(options, destination) : pino(options)) as FastifyBaseLogger;
}

/**
 * Fastify's per-request lines, replaced: nothing when a request arrives, one line when its
 * response is done (`GET /api/posts 200 3.1 ms`, with method/url/statusCode/responseTime as
 * fields), at error level when the request failed. "Route not found" is that line's 404.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const fields = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: ms,
    };
    const line = `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`;
    if (error) reply.log.error({ ...fields, err: error }, line);
    else reply.log.info(fields, line);
  }
}

/** Fastify's logging options: `false` for none (tests), else this logger (or one at `level`). */
export function fastifyLogging(
  logger: FastifyBaseLogger | false | undefined,
  level: string,
): { logger: false } | { loggerInstance: FastifyBaseLogger; logController: LogController } {
  if (logger === false) return { logger: false };
  return { loggerInstance: logger ?? createLogger({ level }), logController: new AccessLogController() };
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields the access line already says in words, or that only matter to machines. */
const QUIET_FIELDS = new Set([
  'level',
  'time',
  'msg',
  'reqId',
  'method',
  'url',
  'statusCode',
  'responseTime',
  'err',
]);

/** A pino JSON line as a terminal line: `13:05:09 INFO  GET /api/posts 200 3.1 ms`, errors with their stack. */
export function formatLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = (LEVEL_NAMES[entry.level as number] ?? String(entry.level)).padEnd(5);
  const extras = Object.entries(entry)
    .filter(([key, value]) => !QUIET_FIELDS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  let line = `${time} ${level} ${String(entry.msg ?? '')}${extras.length ? ` ${extras.join(' ')}` : ''}\n`;
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) line += `${(err.stack ?? err.message ?? '').replace(/^/gm, '    ')}\n`;
  return line;
}

function prettyStdout(): DestinationStream {
  return { write: (chunk: string) => void process.stdout.write(formatLogLine(chunk)) };
}
