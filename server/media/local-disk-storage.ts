import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import type { Stats } from "node:fs";
import { access, constants, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  assertValidStorageFolder,
  assertValidStorageKey,
  isValidStorageKey,
  type Storage,
  type StoredObject,
  type StoredObjectInfo,
} from "./storage";

const CONTENT_TYPES: Record<string, string> = { ".webp": "image/webp", ".jpg": "image/jpeg", ".png": "image/png" };

export function createLocalDiskStorage(root: string): Storage {
  const fileFor = (key: string) => {
    assertValidStorageKey(key);
    return path.join(root, ...key.split("/"));
  };

  return {
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a photo.
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, body);
        await rename(temp, file);
      } finally {
        await rm(temp, { force: true });
      }
    },

    async get(key): Promise<StoredObject | null> {
      const file = fileFor(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        const contentType = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
        return {
          body: createReadStream(file),
          size: info.size,
          contentType,
          // Weak, as Express's static files do: size and modification time, no hashing.
          etag: `W/"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`,
          lastModified: info.mtime,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async delete(keys) {
      const files = keys.map(fileFor);
      await Promise.all(files.map((file) => rm(file, { force: true })));
      // Folders left empty go too, so deleted photos leave nothing behind.
      for (const dir of new Set(files.map((file) => path.dirname(file)))) await removeEmptyParents(dir, root);
    },

    async *list(folder = "") {
      assertValidStorageFolder(folder);
      yield* listFiles(root, folder);
    },

    async removeLeftovers(olderThan) {
      return removeLeftoversUnder(root, root, olderThan.getTime());
    },

    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

async function* listFiles(root: string, folder: string): AsyncGenerator<StoredObjectInfo> {
  let entries;
  try {
    entries = await readdir(path.join(root, ...folder.split("/")), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      yield* listFiles(root, `${folder}${entry.name}/`);
    } else if (entry.isFile() && isValidStorageKey(folder + entry.name)) {
      const key = folder + entry.name;
      const info = await fileInfo(path.join(root, ...key.split("/")));
      if (info) yield { key, size: info.size, lastModified: info.mtime };
    }
  }
}

/** Null when the file went away since the folder was read (deleted meanwhile). */
async function fileInfo(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * `put`'s temp files (`<key>.<uuid>.tmp`) that a killed process never renamed, and folders left
 * empty, when older than `before` (epoch ms): younger ones may belong to a write in progress.
 */
async function removeLeftoversUnder(dir: string, root: string, before: number): Promise<number> {
  let removed = 0;
  // Read before emptying it: removing a temp file inside makes the folder look new.
  const folderOld = ((await fileInfo(dir))?.mtimeMs ?? Infinity) < before;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  for (const entry of entries) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      removed += await removeLeftoversUnder(entryPath, root, before);
    } else if (entry.isFile() && entry.name.endsWith(".tmp") && ((await fileInfo(entryPath))?.mtimeMs ?? Infinity) < before) {
      await rm(entryPath, { force: true });
      removed += 1;
    }
  }
  // Top-level folders ("listings/") stay: a write may be about to make its folder inside one.
  if (folderOld && dir !== root && path.dirname(dir) !== root) {
    // rmdir refuses a folder that is not empty, which is what should stay.
    removed += await rmdir(dir).then(
      () => 1,
      () => 0,
    );
  }
  return removed;
}

async function removeEmptyParents(dir: string, root: string): Promise<void> {
  const stop = path.resolve(root);
  for (let current = path.resolve(dir); current.startsWith(stop + path.sep); current = path.dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone): stop climbing
    }
  }
}
