import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL mode: the migrated template database each test file clones. */
    templateDatabase: string;
    /** Embedded mode: a migrated PGlite data-dir tarball each test file loads. */
    pgliteTemplatePath: string;
  }
}

/**
 * Migrates once per run, then every test file starts from a copy: a fresh database per file,
 * with no initdb or migration cost each time. With DATABASE_URL set (CI), the same suite runs
 * against real PostgreSQL in databases made for this run and dropped after it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `glimpse_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await dropAbandonedDatabases(admin);
    await admin.query(`CREATE DATABASE "${template}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await migrateDatabase(database);
    await database.close();
    project.provide('templateDatabase', template);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      // Test files drop their own databases; drop any left by a crashed file, then the template.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`glimpse_t_${process.pid}_%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-test-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  project.provide('templateDatabase', '');
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A run that was killed never reaches its teardown. Its databases carry the runner's pid in their
 * names (glimpse_tpl_<pid>_..., glimpse_t_<pid>_...); drop those whose process is gone.
 */
async function dropAbandonedDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'glimpse\\_tpl\\_%' OR datname LIKE 'glimpse\\_t\\_%'`,
  );
  for (const { datname } of rows) {
    const pid = Number(/^glimpse_(?:tpl|t)_(\d+)_/.exec(datname)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid)) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
  }
}
