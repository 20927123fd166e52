import type { AppContext } from '../../context.js';
import { processImage, type ProcessedImage } from '../../modules/media/media.pipeline.js';
import { renderAvatar, renderScenePhoto, type AvatarLook, type PhotoScene } from './demo-images.js';

/**
 * The demo's image pool, made once per seed: a few photos per scene and one portrait per member,
 * each drawn and then run through the real upload pipeline (the same WebP variants, ThumbHash and
 * content-addressed keys as a member's upload). Posts then reference these stored files; many
 * posts share one file, as `media_uploads.url` allows.
 */

export interface DemoMedia {
  /** Per scene id, its processed photos. */
  photos: Map<string, ProcessedImage[]>;
  /** Per member (same order as the looks given), the processed avatar, or null for "initial". */
  avatars: Array<ProcessedImage | null>;
}

export interface DemoMediaOptions {
  scenes: PhotoScene[];
  photosPerScene: number;
  /** Longest side scale of the drawn photos relative to the scene's 1080 px sizes. */
  photoScale: number;
  looks: Array<AvatarLook | undefined>;
  seed: number;
}

/**
 * sharp runs every job on libuv's pool; a few in flight keep both cores busy without holding
 * dozens of decoded images in memory at once.
 */
const CONCURRENCY = 4;

async function runLimited<T>(jobs: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

export async function makeDemoMedia(
  ctx: Pick<AppContext, 'storage'>,
  opts: DemoMediaOptions,
): Promise<DemoMedia> {
  const photoJobs = opts.scenes.flatMap((scene) =>
    Array.from({ length: opts.photosPerScene }, (_, variant) => async () => ({
      sceneId: scene.id,
      image: await processImage(
        ctx.storage,
        await renderScenePhoto(scene, opts.seed, { scale: opts.photoScale, variant }),
        { kind: 'post' },
      ),
    })),
  );
  const avatarJobs = opts.looks.map(
    (look, i) => async () =>
      look ? processImage(ctx.storage, await renderAvatar(look, opts.seed + i), { kind: 'avatar' }) : null,
  );
  // Avatars first: they are small, and a stalled pool shows in the profile list first.
  const [avatars, photos] = await Promise.all([
    runLimited(avatarJobs, 1),
    runLimited(photoJobs, CONCURRENCY - 1),
  ]);
  const byScene = new Map<string, ProcessedImage[]>();
  for (const { sceneId, image } of photos) {
    const list = byScene.get(sceneId) ?? [];
    list.push(image);
    byScene.set(sceneId, list);
  }
  return { photos: byScene, avatars };
}
