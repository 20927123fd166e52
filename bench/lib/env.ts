import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { signToken } from '@glimpse/server/src/lib/jwt.js';
import { databaseUrlOf, type Target } from './dataset.js';

/** A fresh JWT secret per bench run: the bench signs members' tokens with it, nothing else knows it. */
export const BENCH_JWT_SECRET = randomBytes(32).toString('base64url');

/** BENCH_SERVER_PORT / BENCH_CEILING_PORT pin the children's ports (else an ephemeral one each). */
export function pinnedPorts(): NodeJS.ProcessEnv {
  const { BENCH_SERVER_PORT, BENCH_CEILING_PORT } = process.env;
  return {
    ...(BENCH_SERVER_PORT ? { BENCH_SERVER_PORT } : {}),
    ...(BENCH_CEILING_PORT ? { BENCH_CEILING_PORT } : {}),
  };
}

/** The environment of a bench server child for this dataset (plus e.g. REDIS_URL). */
export function serverEnv(target: Target, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATA_DIR: target.dataDir,
    JWT_SECRET: BENCH_JWT_SECRET,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    // No web build needed: the API is what is measured.
    WEB_DIST: '/nonexistent-glimpse-bench-web',
    ...pinnedPorts(),
    // e.g. BENCH_SERVER_NODE_ARGS="--max-old-space-size=256" or "--require <profiling preload>"
    // (NODE_OPTIONS refuses --cpu-prof): every scenario's server processes get it.
    ...(process.env.BENCH_SERVER_NODE_ARGS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_ARGS } : {}),
    ...extra,
  };
  const url = databaseUrlOf(target);
  if (url) env.DATABASE_URL = url;
  return env;
}

export function machineDescription(): string {
  const cpus = os.cpus();
  return `${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/**
 * A member's bearer token for the session inspectDataset opened, signed with the bench server's
 * secret (as POST /api/auth/login would issue it).
 */
export function tokenFor(member: {
  id: string;
  username: string;
  email: string;
  sessionId: string;
}): Promise<string> {
  return signToken(
    { userId: member.id, username: member.username, email: member.email, sid: member.sessionId },
    BENCH_JWT_SECRET,
  );
}
