import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import yauzl from 'yauzl';
import type { Config } from '../config.js';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase } from '../db/client.js';
import { createMediaStorage, isValidMediaKey, listLocalMediaKeys } from '../lib/storage/index.js';
import { mb } from './backup.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  openDatabaseTarget,
  progressLine,
  quoteIdent,
  readJournal,
  type ArchiveManifest,
} from './archive.js';

export interface RestoreOptions {
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'mediaStore' | 'mediaDir' | 's3'>;
  file: string;
  /** Replace a database or media directory that already holds data. */
  force?: boolean;
  progress?: ReturnType<typeof progressLine>;
  log?: (message: string) => void;
}

/** Refusals meant for a person (the CLI prints the message alone). */
export class RestoreRefused extends Error {}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
}

/** Every entry of the archive by name (the zip's central directory, read once). */
async function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', reject);
    zip.readEntry();
  });
  return entries;
}

function streamOf(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
  );
}

async function bufferOf(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await streamOf(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A migrations folder holding the migrations up to and including `when` (the archive's schema). */
function migrationsUpTo(when: number): string {
  const journalPath = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-restore-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.filter((e) => e.when <= when);
  for (const e of entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** Whether any table of the app's schema holds a row. */
async function hasRows(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
  );
  for (const { name } of rows) {
    if ((await client.query(`SELECT 1 FROM ${quoteIdent(name)} LIMIT 1`)).rowCount) return true;
  }
  return false;
}

/**
 * Restores an archive (backup.ts) into the configured database and media store, which must hold
 * no data (rows or local media files) unless `force`. The schema is rebuilt from the migrations up
 * to the archive's, the rows are loaded as they were (with the tables' own triggers off, so
 * derived tables such as tag counts are not counted twice), then the newer migrations run: an
 * archive of an older version comes back on the current schema.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<ArchiveManifest> {
  const progress = opts.progress ?? progressLine();
  const zip = await openZip(opts.file);
  try {
    const entries = await entriesOf(zip);
    const manifestEntry = entries.get('manifest.json');
    if (!manifestEntry) throw new RestoreRefused(`${opts.file} is not a Glimpse backup (no manifest.json)`);
    const manifest = JSON.parse((await bufferOf(zip, manifestEntry)).toString('utf8')) as ArchiveManifest;
    if (manifest.format !== ARCHIVE_FORMAT || manifest.version !== ARCHIVE_VERSION) {
      throw new RestoreRefused(`${opts.file} is not a Glimpse backup this version can read`);
    }
    if (!readJournal().some((e) => e.when === manifest.migration.when && e.tag === manifest.migration.tag)) {
      throw new RestoreRefused(
        `${opts.file} comes from a newer Glimpse (schema ${manifest.migration.tag}): upgrade this one first`,
      );
    }

    // The media directory is checked before anything is changed.
    const localMediaFiles =
      opts.config.mediaStore === 'local'
        ? await listLocalMediaKeys(opts.config.mediaDir).next()
        : { done: true };
    const target = await openDatabaseTarget(opts.config, { allowRunning: false, log: opts.log });
    try {
      await loadRows(target.url);
      // The schema moves on to this version's, exactly as a server start would do it.
      const database = await openDatabase({ databaseUrl: target.url });
      try {
        progress.update('restore: applying newer migrations');
        await migrateDatabase(database);
        await database.pool.query('ANALYZE');
      } finally {
        await database.close();
      }
    } finally {
      await target.release();
    }

    async function loadRows(url: string): Promise<void> {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        if (!opts.force && ((await hasRows(client)) || !localMediaFiles.done)) {
          throw new RestoreRefused(
            `The target already holds data (${opts.config.databaseUrl ? 'DATABASE_URL' : opts.config.dataDir}): ` +
              'restore into an empty database and DATA_DIR, or add --force to replace what is there.',
          );
        }
        progress.update('restore: preparing the schema');
        await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
        await client.query('DROP SCHEMA IF EXISTS public CASCADE');
        await client.query('CREATE SCHEMA public');
        if (opts.config.mediaStore === 'local')
          fs.rmSync(opts.config.mediaDir, { recursive: true, force: true });

        // The schema the rows were written under.
        const older = migrationsUpTo(manifest.migration.when);
        try {
          await migrate(drizzle(client), { migrationsFolder: older });
        } finally {
          fs.rmSync(older, { recursive: true, force: true });
        }

        await client.query('BEGIN');
        let rows = 0;
        for (const [i, table] of manifest.tables.entries()) {
          const entry = entries.get(`db/${table.name}.copy`);
          if (!entry)
            throw new RestoreRefused(`${opts.file} is incomplete: db/${table.name}.copy is missing`);
          const name = quoteIdent(table.name);
          await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
          await pipeline(
            await streamOf(zip, entry),
            client.query(copyFrom(`COPY ${name} (${table.columns.map(quoteIdent).join(', ')}) FROM STDIN`)),
          );
          await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
          rows += table.rows;
          progress.update(
            `restore: database ${i + 1}/${manifest.tables.length} tables, ${rows.toLocaleString('en')} rows`,
          );
        }
        await client.query('COMMIT');
      } finally {
        await client.end().catch(() => undefined);
      }
    }

    let files = 0;
    let bytes = 0;
    if (manifest.media.store === 'local') {
      const storage = createMediaStorage(opts.config);
      for (const [name, entry] of entries) {
        const key = name.slice('media/'.length);
        if (!name.startsWith('media/') || !isValidMediaKey(key)) continue;
        const data = await bufferOf(zip, entry);
        await storage.put(key, data, 'image/webp');
        files += 1;
        bytes += data.length;
        if (files % 50 === 0)
          progress.update(`restore: media ${files}/${manifest.media.files} files (${mb(bytes)})`);
      }
    }
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    progress.done(
      `restore: ${opts.file}: ${manifest.tables.length} tables, ${rows.toLocaleString('en')} rows, ` +
        (manifest.media.store === 'local'
          ? `${files.toLocaleString('en')} media files (${mb(bytes)})`
          : `media left in bucket ${manifest.media.bucket}`),
    );
    return manifest;
  } finally {
    zip.close();
  }
}
