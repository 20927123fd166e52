import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { ZipFile } from 'yazl';
import type { Config } from '../config.js';
import { listLocalMediaKeys } from '../lib/storage/index.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  openDatabaseTarget,
  progressLine,
  quoteIdent,
  readJournal,
  tablesInLoadOrder,
  type ArchiveManifest,
  type ArchiveTable,
} from './archive.js';

export interface BackupOptions {
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'mediaStore' | 'mediaDir' | 's3'>;
  /** The archive to write (replaced only once complete: `<file>.partial` until then). */
  file: string;
  progress?: ReturnType<typeof progressLine>;
  log?: (message: string) => void;
}

/** Counts the rows of a COPY text stream as it passes (one line per row; newlines in values are escaped). */
function rowCounter(): Transform & { rows: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) counter.rows += 1;
      done(null, chunk);
    },
  }) as Transform & { rows: number };
  counter.rows = 0;
  return counter;
}

/**
 * Writes a consistent archive of a running (or stopped) instance: every table's rows from one
 * snapshot, then the local media files (see archive.ts for the format). Files are read after the
 * snapshot, so every file a backed-up row names is there unless it was deleted meanwhile.
 */
export async function createBackup(opts: BackupOptions): Promise<ArchiveManifest> {
  const progress = opts.progress ?? progressLine();
  const target = await openDatabaseTarget(opts.config, { allowRunning: true, log: opts.log });
  const partial = `${opts.file}.partial`;
  const zip = new ZipFile();
  const output = fs.createWriteStream(partial);
  zip.outputStream.pipe(output);
  const client = new pg.Client({ connectionString: target.url });
  try {
    await client.connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const applied = await client.query<{ created_at: string }>(
      'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const when = Number(applied.rows[0]?.created_at);
    const migration = readJournal().find((e) => e.when === when);
    if (!migration) throw new Error('the database has no migrations this version of Glimpse knows');
    const serverVersion = (await client.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v;

    const tables: ArchiveTable[] = [];
    const names = await tablesInLoadOrder(client);
    let rows = 0;
    for (const [i, name] of names.entries()) {
      const { rows: cols } = await client.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute
         WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
         ORDER BY attnum`,
        [quoteIdent(name)],
      );
      const columns = cols.map((c) => c.name);
      const counter = rowCounter();
      const stream = client.query(
        copyTo(`COPY ${quoteIdent(name)} (${columns.map(quoteIdent).join(', ')}) TO STDOUT`),
      );
      stream.pipe(counter);
      zip.addReadStream(counter, `db/${name}.copy`);
      await finished(counter);
      tables.push({ name, columns, rows: counter.rows });
      rows += counter.rows;
      progress.update(`backup: database ${i + 1}/${names.length} tables, ${rows.toLocaleString('en')} rows`);
    }
    await client.query('COMMIT');

    let media: ArchiveManifest['media'];
    if (opts.config.mediaStore === 's3' && opts.config.s3) {
      media = {
        store: 's3',
        bucket: opts.config.s3.bucket,
        endpoint: opts.config.s3.endpoint ?? null,
        note: 'The media stay in the bucket: back it up with the bucket provider (versioning, replication or a copy).',
      };
    } else {
      let files = 0;
      let bytes = 0;
      for await (const key of listLocalMediaKeys(opts.config.mediaDir)) {
        const file = path.join(opts.config.mediaDir, key.slice(0, 2), key);
        const size = fs.statSync(file).size;
        // Already compressed (WebP): stored as they are.
        zip.addFile(file, `media/${key}`, { compress: false });
        files += 1;
        bytes += size;
        if (files % 50 === 0)
          progress.update(`backup: media ${files.toLocaleString('en')} files (${mb(bytes)})`);
      }
      media = { store: 'local', files, bytes };
    }

    const manifest: ArchiveManifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      migration: { tag: migration.tag, when: migration.when },
      database: { kind: target.kind, serverVersion },
      tables,
      media,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.end();
    await finished(output);
    // The archive and its name are on disk before we say it is done.
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, opts.file);
    progress.done(
      `backup: ${opts.file}: ${tables.length} tables, ${rows.toLocaleString('en')} rows, ` +
        (media.store === 'local'
          ? `${media.files.toLocaleString('en')} media files (${mb(media.bytes)})`
          : `media in bucket ${media.bucket}`) +
        ` (${mb(fs.statSync(opts.file).size)})`,
    );
    return manifest;
  } catch (err) {
    output.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => undefined);
    await target.release();
  }
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
