import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { startTlsFront, type TestCertificates } from './federation-peers.js';

/**
 * An ActivityPub server we did not write, for the interop test (federation.interop.test.ts):
 * `@evanp/activitypub-bot`, run as a child process on the test's Node (22) behind https with the
 * throwaway CA of federation-peers.ts.
 *
 * It is AGPL, so it is never a dependency of this repository: it is installed at test time with
 * npm into a cache directory under os.tmpdir() named by its version (reruns reuse it), beside the
 * `pg` driver (its database here is a PostgreSQL database of its own) and with the override and
 * patches below. A failed install fails the test with the command to run by hand.
 *
 * Its bots are defined by a config module written here (RECORDING_BOTS): a bot that records every
 * activity its inbox accepts (after the server checked the signature) as a line of a JSON file,
 * and that the test drives over the child's IPC channel (follow an account, send a Note, read its
 * followers and following collections).
 */
export const ACTIVITYPUB_BOT_VERSION = '0.51.2';

/** What is installed beside it, pinned. */
const INSTALL_PACKAGES = [`@evanp/activitypub-bot@${ACTIVITYPUB_BOT_VERSION}`, 'pg@8.16.3'];

/**
 * 0.51.2 asks for `activitystrea.ms@^4`, which the registry does not have (3.1.0 is its newest):
 * 3.1.0 it is, with what the bot needs from 4 patched in (PATCHES).
 */
const OVERRIDES = { 'activitystrea.ms': '3.1.0' };

/** Edits to installed files: each anchor must be found once, or the install is refused. */
const PATCHES: { file: string; why: string; find: string; replace: string }[] = [
  {
    // The bot registers the JSON-LD contexts it knows (security, data-integrity, multikey, ...)
    // through `as2.registerContext`, which 3.1.0 lacks: add it, into one map that every loader
    // reads (the one `import` uses and the one `export` compacts with).
    file: 'node_modules/activitystrea.ms/src/contextloader.js',
    why: 'one context map shared by every Loader',
    find: '    this[_map] = Object.create(null);',
    replace: '    this[_map] = Loader.shared || (Loader.shared = Object.create(null));',
  },
  {
    file: 'node_modules/activitystrea.ms/src/activitystreams.js',
    why: 'as2.registerContext(url, context)',
    find: 'module.exports = AS2;',
    replace:
      "AS2.registerContext = (url, context) => { require('./contextloader').defaultInstance.register(url, context); };\nmodule.exports = AS2;",
  },
  {
    // ... and `object.isActivity()` (its inboxes and its remote object cache ask it). Not
    // enumerable: 3.1.0 copies the enumerable properties of an object embedded in another.
    file: 'node_modules/activitystrea.ms/src/activitystreams.js',
    why: 'Base#isActivity()',
    find: 'module.exports = AS2;',
    replace:
      "Object.defineProperty(models.Base.prototype, 'isActivity', { value() { return [].concat(this.type || []).some((t) => reasoner.node(t).is(as.Activity)); } });\nmodule.exports = AS2;",
  },
  {
    // `export({ useOriginalContext: true })` reads `environment.origContext`, which 3.1.0 names
    // `originalContext`: without it every document the bot serves is compacted against the bare
    // AS2 context (its actor's publicKey becomes a full IRI).
    file: 'node_modules/activitystrea.ms/src/environment.js',
    why: 'Environment#origContext',
    find: '  get originalContext() {',
    replace: '  get origContext() {\n    return this[_origcontext];\n  }\n\n  get originalContext() {',
  },
];

const PATCH_MARK = 'glimpse-interop-patched';

export function activityPubBotInstallDir(): string {
  return path.join(os.tmpdir(), `glimpse-activitypub-bot-${ACTIVITYPUB_BOT_VERSION}`);
}

/** The install, as one command a person can paste (what the test runs, in the same directory). */
function installCommand(): string {
  return `cd "$(mktemp -d)" && echo '${JSON.stringify(hostPackageJson())}' > package.json && npm install ${npmArgs().join(' ')}`;
}

function hostPackageJson() {
  return { name: 'glimpse-activitypub-bot-host', private: true, overrides: OVERRIDES };
}

function npmArgs(): string[] {
  return [
    '--omit=optional',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--no-package-lock',
    ...INSTALL_PACKAGES,
  ];
}

/**
 * The environment for npm: this one (registry, proxy, cache settings stay) without what `npm run`
 * / `npm test -w` put there about this repository (its package, lifecycle, workspace and prefix),
 * which would point the install back at the repository.
 */
function npmEnv(): NodeJS.ProcessEnv {
  const drop =
    /^npm_(package_|lifecycle_|config_(workspace|workspaces|include_workspace_root|prefix|local_prefix|global)$)/i;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !drop.test(key)));
}

function applyPatches(dir: string): void {
  for (const patch of PATCHES) {
    const file = path.join(dir, patch.file);
    const text = fs.readFileSync(file, 'utf8');
    if (text.includes(`${PATCH_MARK}: ${patch.why}`)) continue;
    const at = text.indexOf(patch.find);
    if (at < 0 || text.indexOf(patch.find, at + 1) >= 0) {
      throw new Error(`cannot patch ${patch.file} (${patch.why}): its anchor is not there exactly once`);
    }
    const patched = `${text.slice(0, at)}${patch.replace}${text.slice(at + patch.find.length)}\n// ${PATCH_MARK}: ${patch.why}\n`;
    fs.writeFileSync(file, patched);
  }
}

let installing: Promise<string> | undefined;

/**
 * Installs the bot (once per version and machine: a ready marker in the cache directory, naming
 * the packages, override and patches it was made with) and answers the directory. Installs into
 * a scratch directory first and renames it into place, so two test runs never see half an install.
 */
export function installActivityPubBot(): Promise<string> {
  installing ??= install();
  return installing;
}

/** What an install is made of: a cached one made otherwise (older patches) is made again. */
function installKey(): string {
  return createHash('sha256')
    .update(JSON.stringify({ INSTALL_PACKAGES, OVERRIDES, PATCHES }))
    .digest('hex')
    .slice(0, 16);
}

function isReady(dir: string): boolean {
  try {
    return fs.readFileSync(path.join(dir, '.ready'), 'utf8').trim() === installKey();
  } catch {
    return false;
  }
}

async function install(): Promise<string> {
  const dir = activityPubBotInstallDir();
  if (isReady(dir)) return dir;
  const scratch = fs.mkdtempSync(`${dir}.installing-`);
  try {
    fs.writeFileSync(path.join(scratch, 'package.json'), JSON.stringify(hostPackageJson(), null, 2));
    await new Promise<void>((resolve, reject) => {
      execFile(
        'npm',
        ['install', ...npmArgs()],
        { cwd: scratch, env: npmEnv(), timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
        (err, _stdout, stderr) =>
          err ? reject(new Error(`${err.message}\n${stderr.slice(-3000)}`)) : resolve(),
      );
    });
    applyPatches(scratch);
    fs.writeFileSync(path.join(scratch, '.ready'), `${installKey()}\n`);
    // A directory that is not ready is an install made otherwise (or one that never finished).
    if (fs.existsSync(dir) && !isReady(dir)) fs.rmSync(dir, { recursive: true, force: true });
    try {
      fs.renameSync(scratch, dir);
    } catch (err) {
      // Another run put it there first: use theirs.
      if (!isReady(dir)) throw err;
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    return dir;
  } catch (err) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw new Error(
      `Installing @evanp/activitypub-bot ${ACTIVITYPUB_BOT_VERSION} for the interop test failed ` +
        `(it needs the npm registry). To see why, run the same install by hand:\n  ${installCommand()}\n` +
        `and rerun the test once it succeeds (the test installs into ${dir} itself). Cause: ${(err as Error).message}`,
      { cause: err },
    );
  }
}

/**
 * The bots config module (`--bots-config-file`). Plain JavaScript run by the bot server, so it is
 * written out at start rather than kept as a file of this TypeScript project.
 */
const RECORDING_BOTS = `
import fs from 'node:fs'
import { DoNothingBot } from '@evanp/activitypub-bot'

const recordFile = process.env.GLIMPSE_BOT_RECORD_FILE
const bots = {}

// Accepts follows like DoNothingBot; records each activity its inbox takes in, then lets the
// server handle it as usual (Accept of its follows, Delete, ...).
class RecordingBot extends DoNothingBot {
  async handleActivity (activity) {
    const json = await activity.export()
    fs.appendFileSync(recordFile, JSON.stringify({ bot: this.username, activity: json }) + '\\n')
    return false
  }
}

async function collect (iterable) {
  const ids = []
  for await (const item of iterable) ids.push(item.id)
  return ids
}

const ops = {
  async follow (ctx, { handle }) {
    const actorId = await ctx.toActorId(handle)
    if (!actorId) throw new Error('no actor for ' + handle)
    await ctx.followActor(await ctx.getObject(actorId))
    return actorId
  },
  async note (ctx, { content }) {
    const note = await ctx.sendNote(content, {
      to: 'https://www.w3.org/ns/activitystreams#Public',
      cc: ctx.getFollowersId()
    })
    return note.id
  },
  async state (ctx) {
    return { followers: await collect(ctx.followers()), following: await collect(ctx.following()) }
  },
  // Resolves once the bot has handed out everything it had to send.
  async idle (ctx) {
    await ctx.onIdle()
    return true
  }
}

process.on('message', async ({ id, bot, op, args }) => {
  try {
    const ctx = bots[bot]._context
    process.send({ id, result: await ops[op](ctx, args ?? {}) })
  } catch (err) {
    process.send({ id, error: String(err && err.stack || err) })
  }
})

// The test process is gone (killed, crashed): go too, rather than keep the port.
process.on('disconnect', () => process.exit(0))

for (const name of (process.env.GLIMPSE_BOT_NAMES ?? 'watcher').split(',')) {
  bots[name] = new RecordingBot(name, { fullname: 'Watcher ' + name, description: 'Records what it receives' })
}
export default bots
`;

export interface RecordedActivity {
  bot: string;
  activity: Record<string, unknown>;
}

export interface ActivityPubBotServer {
  /** `https://localhost:<port>`, its origin. */
  origin: string;
  /** `localhost:<port>`, the host part of its bots' handles. */
  host: string;
  actorUrl(bot: string): string;
  /** Every activity its bots' inboxes accepted so far, in order. */
  received(): RecordedActivity[];
  /** The bot follows an account, found by WebFinger (`user@host`); answers the actor id. */
  follow(bot: string, handle: string): Promise<string>;
  /** The bot posts a public Note (to Public, cc its followers); answers the Note's id. */
  note(bot: string, content: string): Promise<string>;
  /** The bot's followers and following collections, as actor ids. */
  state(bot: string): Promise<{ followers: string[]; following: string[] }>;
  /** Resolves once the bot has sent everything it had queued. */
  idle(bot: string): Promise<void>;
  /** The last lines the server logged (for failure messages). */
  logTail(): string;
  close(): Promise<void>;
}

/**
 * Starts the bot server: http on `httpPort` (127.0.0.1), https (the test CA's localhost
 * certificate) on `port`, a fresh PostgreSQL database of its own; bots named `bots`.
 */
export async function startActivityPubBot(opts: {
  port: number;
  httpPort: number;
  certs: TestCertificates;
  bots: string[];
}): Promise<ActivityPubBotServer> {
  const dir = await installActivityPubBot();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-apbot-run-'));
  const caFile = path.join(work, 'ca.pem');
  fs.writeFileSync(caFile, opts.certs.ca);
  const configFile = path.join(dir, `bots-${process.pid}-${Date.now().toString(36)}.mjs`);
  fs.writeFileSync(configFile, RECORDING_BOTS);
  const recordFile = path.join(work, 'received.jsonl');
  fs.writeFileSync(recordFile, '');
  const logFile = path.join(work, 'server.log');
  const log = fs.openSync(logFile, 'a');

  const database = await createBotDatabase();
  const origin = `https://localhost:${opts.port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(dir, 'node_modules/@evanp/activitypub-bot/bin/activitypub-bot.js'),
      '--database-url',
      database.url,
      '--origin',
      origin,
      '--port',
      String(opts.httpPort),
      '--bots-config-file',
      configFile,
      '--log-level',
      'info',
      '--delivery',
      '1',
      '--distribution',
      '2',
      '--fanout',
      '1',
      '--intake',
      '1',
    ],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        // Its https client (node-fetch) trusts the test CA beside the usual roots.
        NODE_EXTRA_CA_CERTS: caFile,
        // Fetch peers on loopback. In 0.51.2 the --allow-private flag alone ends up reading this
        // variable anyway (operator precedence in its CLI), so the variable it is.
        ALLOW_PRIVATE: 'true',
        GLIMPSE_BOT_RECORD_FILE: recordFile,
        GLIMPSE_BOT_NAMES: opts.bots.join(','),
      },
      stdio: ['ignore', log, log, 'ipc'],
    },
  );
  const logTail = () => {
    try {
      return fs.readFileSync(logFile, 'utf8').slice(-4000);
    } catch {
      return '';
    }
  };

  let exited: string | undefined;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  child.on('exit', (code, signal) => {
    exited = `the bot server exited (${code ?? signal})`;
    for (const p of pending.values()) p.reject(new Error(`${exited}\n${logTail()}`));
    pending.clear();
  });
  child.on('message', (msg: { id: number; result?: unknown; error?: string }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error !== undefined) p.reject(new Error(`bot: ${msg.error}`));
    else p.resolve(msg.result);
  });
  let nextId = 0;
  const call = <T>(bot: string, op: string, args?: Record<string, unknown>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(new Error(`${exited}\n${logTail()}`));
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, bot, op, args });
    });

  const stopFront = await startTlsFront(opts.port, opts.httpPort, opts.certs);
  const stopChild = async () => {
    if (exited) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
  };
  const cleanUp = async () => {
    await stopChild();
    await stopFront();
    fs.closeSync(log);
    fs.rmSync(configFile, { force: true });
    await database.drop();
  };

  // Up when its WebFinger answers through the https front.
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (exited) throw new Error(exited);
      const ok = await fetch(
        `${origin}/.well-known/webfinger?resource=acct:${opts.bots[0]}@localhost:${opts.port}`,
      )
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('the bot server did not answer within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    const tail = logTail();
    await cleanUp();
    throw new Error(`${(err as Error).message}\n${tail}`, { cause: err });
  }

  return {
    origin,
    host: `localhost:${opts.port}`,
    actorUrl: (bot) => `${origin}/user/${bot}`,
    received: () =>
      fs
        .readFileSync(recordFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as RecordedActivity),
    follow: (bot, handle) => call<string>(bot, 'follow', { handle }),
    note: (bot, content) => call<string>(bot, 'note', { content }),
    state: (bot) => call<{ followers: string[]; following: string[] }>(bot, 'state'),
    idle: async (bot) => {
      await call<boolean>(bot, 'idle');
    },
    logTail,
    async close() {
      await cleanUp();
      if (process.env.GLIMPSE_INTEROP_BOT_LOG) fs.copyFileSync(logFile, process.env.GLIMPSE_INTEROP_BOT_LOG);
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** An empty PostgreSQL database for the bot server (it creates its own tables). */
async function createBotDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = inject('adminDatabaseUrl');
  // glimpse_t_<pid>_: global-setup drops it if this run is killed before dropping it.
  const name = `glimpse_t_${process.pid}_apbot_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
