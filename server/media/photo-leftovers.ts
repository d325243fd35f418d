/**
 * Start-up clean-up after a crash (issue 9, finding 8): a listing's photo variants are stored
 * before the row that refers to them is committed, so a process killed in between leaves photos
 * no listing uses, and the local-disk driver may leave half-written temp files. Only what is
 * older than `olderThan` is touched, so a listing another instance is creating right now keeps
 * its photos.
 */
import type { Logger } from "../logger";
import type { Storage } from "./storage";

/** Older than this, a photo no row refers to cannot belong to a create still in progress. */
export const PHOTO_LEFTOVER_AGE_MS = 60 * 60_000;
/** Image keys asked about per database query. */
const BATCH = 500;

export interface PhotoLeftoversResult {
  /** Photo variants no listing refers to, removed. */
  orphanFiles: number;
  /** Temp files and empty folders an interrupted write left, removed. */
  leftovers: number;
}

export async function removePhotoLeftovers(deps: {
  storage: Storage;
  /** Which of these image keys (`listings/<uuid>`) a listing still uses. */
  findUsedImageKeys(imageKeys: readonly string[]): Promise<Set<string>>;
  olderThan: Date;
  logger?: Logger;
}): Promise<PhotoLeftoversResult> {
  const { storage, olderThan } = deps;
  let orphanFiles = 0;
  // Variant keys by image key (`listings/<uuid>/w320.webp` → `listings/<uuid>`), old ones only.
  let pending = new Map<string, string[]>();
  const sweep = async () => {
    const used = await deps.findUsedImageKeys([...pending.keys()]);
    const orphans = [...pending].filter(([imageKey]) => !used.has(imageKey)).flatMap(([, keys]) => keys);
    if (orphans.length) await storage.delete(orphans);
    orphanFiles += orphans.length;
    pending = new Map();
  };
  for await (const object of storage.list("listings/")) {
    if (object.lastModified >= olderThan) continue;
    const imageKey = object.key.slice(0, object.key.lastIndexOf("/"));
    pending.set(imageKey, [...(pending.get(imageKey) ?? []), object.key]);
    if (pending.size >= BATCH) await sweep();
  }
  if (pending.size) await sweep();
  const leftovers = await storage.removeLeftovers(olderThan);
  if (orphanFiles || leftovers) deps.logger?.info({ orphanFiles, leftovers }, "removed photos and files a crash left behind");
  return { orphanFiles, leftovers };
}
