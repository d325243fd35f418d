/**
 * Copies every stored photo from one storage to another (in practice: the local folder to an S3
 * bucket, when an installation moves to S3). Safe to run again: an object already there with the
 * same size is skipped, so an interrupted copy resumes where it stopped.
 */
import type { Storage, StoredObjectInfo } from "./storage";

export interface MediaCopyProgress {
  done: number;
  total: number;
  copied: number;
  skipped: number;
}

export interface MediaCopyCheck {
  /** Objects in the source. */
  sourceCount: number;
  /** Source keys the destination lacks, or holds with a different size. */
  missing: string[];
}

export interface MediaCopyResult extends MediaCopyCheck {
  copied: number;
  skipped: number;
}

export async function copyMedia(options: {
  from: Storage;
  to: Storage;
  /** Uploads at once. */
  concurrency?: number;
  onProgress?: (progress: MediaCopyProgress) => void;
}): Promise<MediaCopyResult> {
  const { from, to } = options;
  const [sources, present] = await Promise.all([listAll(from), sizesByKey(to)]);
  const progress: MediaCopyProgress = { done: 0, total: sources.length, copied: 0, skipped: 0 };
  options.onProgress?.({ ...progress });

  await forEachConcurrently(sources, options.concurrency ?? 4, async ({ key, size }) => {
    if (present.get(key) === size) {
      progress.skipped++;
    } else {
      const object = await from.get(key);
      // Gone since the listing (its listing was deleted): nothing to copy, and the final check
      // lists the source again, so it is not counted as missing either.
      if (object) {
        await to.put(key, Buffer.concat(await object.body.toArray()), object.contentType);
        progress.copied++;
      } else {
        progress.skipped++;
      }
    }
    progress.done++;
    options.onProgress?.({ ...progress });
  });

  return { copied: progress.copied, skipped: progress.skipped, ...(await checkMediaCopy({ from, to })) };
}

/** Compares the two storages afresh: is every source object in the destination, at its size? */
export async function checkMediaCopy({ from, to }: { from: Storage; to: Storage }): Promise<MediaCopyCheck> {
  const [sources, present] = await Promise.all([listAll(from), sizesByKey(to)]);
  return {
    sourceCount: sources.length,
    missing: sources.filter(({ key, size }) => present.get(key) !== size).map(({ key }) => key),
  };
}

async function listAll(storage: Storage): Promise<StoredObjectInfo[]> {
  const objects: StoredObjectInfo[] = [];
  for await (const object of storage.list()) objects.push(object);
  return objects;
}

async function sizesByKey(storage: Storage): Promise<Map<string, number>> {
  return new Map((await listAll(storage)).map(({ key, size }) => [key, size]));
}

/** Runs `work` over the items with at most `limit` running at a time; the first failure stops it. */
async function forEachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
