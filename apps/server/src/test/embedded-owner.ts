/**
 * A process that owns an embedded cluster and then idles, for tests that kill the owner:
 * `node --import tsx embedded-owner.ts <dir> [orphan]`. Prints `{"pid":N}` (PostgreSQL's pid)
 * once the cluster is ready. With `orphan`, PostgreSQL is not tied to this process's life.
 */
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';

const [dir, mode] = process.argv.slice(2);
if (!dir) throw new Error('usage: embedded-owner.ts <dir> [orphan]');
const cluster = await startEmbeddedPostgres({ dir, dieWithParent: mode !== 'orphan' });
process.stdout.write(`${JSON.stringify({ pid: cluster.pid })}\n`);
setInterval(() => {}, 60_000);
