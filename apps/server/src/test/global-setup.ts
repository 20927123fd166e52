import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL on which test files may CREATE and DROP their databases. */
    adminDatabaseUrl: string;
    /** The migrated template database each test file clones. */
    templateDatabase: string;
  }
}

const CLUSTER_DIR_PREFIX = 'glimpse-test-pg-';

/**
 * One PostgreSQL per run: DATABASE_URL when set (CI points it at the machine's PostgreSQL 15),
 * otherwise an embedded cluster (PostgreSQL 18) started here and stopped at the end. Either way
 * the schema is migrated once into a template, and every test file gets its own database cloned
 * from it (CREATE DATABASE ... TEMPLATE), dropped afterwards: no migration cost per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  removeAbandonedClusters();
  let cluster: EmbeddedPostgres | undefined;
  let clusterDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), `${CLUSTER_DIR_PREFIX}${process.pid}-`));
    // Throwaway data: no fsync (a test run is repeated, not recovered).
    cluster = await startEmbeddedPostgres({ dir: path.join(clusterDir, 'pg'), durable: false });
    adminUrl = cluster.url;
  }

  const template = `glimpse_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await dropAbandonedDatabases(admin);
  await admin.query(`CREATE DATABASE "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(database);
  await database.close();
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    try {
      if (!cluster) {
        // Test files drop their own databases; drop any left by a crashed file, then the template.
        const { rows } = await admin.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname LIKE $1`,
          [`glimpse_t_${process.pid}_%`],
        );
        for (const { datname } of rows)
          await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      }
      await admin.end();
    } finally {
      await cluster?.stop();
      if (clusterDir) fs.rmSync(clusterDir, { recursive: true, force: true });
    }
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

/**
 * The same for embedded clusters: a killed run's cluster has stopped by itself (it dies with its
 * parent), but its directory stays in the temp dir; remove those whose runner is gone.
 */
function removeAbandonedClusters(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = Number(new RegExp(`^${CLUSTER_DIR_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid)) {
      const dir = path.join(os.tmpdir(), name);
      let postmasterPid = 0;
      try {
        postmasterPid = Number(
          fs.readFileSync(path.join(dir, 'pg/data/postmaster.pid'), 'utf8').split('\n')[0],
        );
      } catch {
        // stopped cleanly
      }
      if (!(postmasterPid > 0 && isProcessAlive(postmasterPid)))
        fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}
