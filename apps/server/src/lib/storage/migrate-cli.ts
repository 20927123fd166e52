/**
 * `npm run media:migrate`: copies the local media (DATA_DIR/media) into the S3-compatible bucket
 * the S3_* variables name, keeping keys, so a deployment moves from MEDIA_STORE=local to
 * MEDIA_STORE=s3 without touching the database. Safe to run again; local files stay.
 */
import { ConfigError, loadConfig } from '../../config.js';
import { createS3Storage } from './s3-storage.js';
import { copyLocalMedia } from './migrate.js';

let config;
try {
  config = loadConfig({ ...process.env, MEDIA_STORE: 's3' });
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const target = createS3Storage(config.s3!);
try {
  await target.check();
} catch (err) {
  console.error(
    `The bucket ${config.s3!.bucket} cannot be reached: ${(err as Error).name} ${(err as Error).message}`,
  );
  process.exit(1);
}
console.log(`Copying ${config.mediaDir} into s3 bucket ${config.s3!.bucket}`);
let last = 0;
const result = await copyLocalMedia(config.mediaDir, target, (r) => {
  const n = r.copied + r.present;
  if (n - last >= 500) {
    last = n;
    console.log(`  ${n} files...`);
  }
});
console.log(`media:migrate done: ${result.copied} copied, ${result.present} already in the bucket`);
