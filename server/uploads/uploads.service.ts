/**
 * Resumable photo uploads (tus): who started each one, the per-person limit, reading a finished
 * one back for the listing it becomes part of, and removing those never used.
 */
import type { Readable } from "node:stream";
import { AppError } from "../../core/shared/app-error";
import { photoTooLargeMessage } from "../../core/i18n/messages";
import { UPLOAD_ERROR_MESSAGES } from "../../core/uploads/upload-task";
import type { Logger } from "../logger";
import type { UploadDatastore } from "./tus-datastore";
import type { UploadLockRepository } from "./upload-lock.repository";
import type { UploadsRepository } from "./uploads.repository";

export interface UploadLimits {
  maxFileBytes: number;
  maxInFlightPerUser: number;
  expiryMs: number;
}

export interface FinishedUpload {
  uploadId: string;
  bytes: Uint8Array;
  fileName: string;
}

/** How many expired uploads one sweep removes; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * An upload its owner has not asked about for this long is taken for stranded (a crash, a closed
 * tab) and may give way to their next one. Well past the 120 s a client spends retrying one
 * chunk, so a live upload on a bad network is never taken for one.
 */
export const UPLOAD_IDLE_MS = 5 * 60_000;

/** A lock whose lease ended this long ago was left by a process that stopped (upload-locker.ts). */
const LOCK_LEFTOVER_MS = 60_000;

export function createUploadsService(deps: {
  repository: UploadsRepository;
  locks: UploadLockRepository;
  datastore: UploadDatastore;
  limits: UploadLimits;
  logger: Logger;
  now?: () => number;
}) {
  const { repository, datastore, limits, logger } = deps;
  const now = deps.now ?? Date.now;

  const notFound = () => new AppError("BAD_INPUT", UPLOAD_ERROR_MESSAGES["no-download-url"], { field: "image" });

  async function discardUploads(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      try {
        await datastore.remove(id);
      } catch (error) {
        // Already gone (a cancel that raced the sweep) is what we wanted anyway.
        if (!isMissing(error)) {
          logger.error({ err: error, uploadId: id }, "upload cleanup failed");
          continue;
        }
      }
      await repository.delete([id]);
    }
  }

  /**
   * At the per-person limit, the person's uploads idle longest give way, files and all, so
   * uploads stranded by a crash or a closed tab never lock them out. Live ones never give way:
   * a burst of uploads still in progress is refused.
   */
  async function makeRoomFor(ownerId: string): Promise<void> {
    const excess = (await repository.countForOwner(ownerId)) - limits.maxInFlightPerUser + 1;
    if (excess <= 0) return;
    const idle = await repository.listIdleForOwner(ownerId, now() - UPLOAD_IDLE_MS, excess);
    if (idle.length === excess) {
      await discardUploads(idle);
      logger.info({ ownerId, released: idle.length }, "stranded uploads released");
    }
    // Also when a file could not be removed: its row stays, and so does the refusal.
    if ((await repository.countForOwner(ownerId)) >= limits.maxInFlightPerUser) {
      throw new AppError("RATE_LIMITED", UPLOAD_ERROR_MESSAGES["too-many-uploads"]);
    }
  }

  return {
    limits,

    /** Called when someone starts an upload; refuses one over their limit or with no size. */
    async registerUpload(input: { id: string; ownerId: string; size: number | undefined }): Promise<void> {
      if (input.size === undefined) throw new AppError("BAD_INPUT", "Please tell us the photo's size before sending it.");
      if (input.size === 0) throw new AppError("BAD_INPUT", "This file is empty. Please choose a photo.");
      if (input.size > limits.maxFileBytes) throw new AppError("TOO_LARGE", photoTooLargeMessage(limits.maxFileBytes));
      await makeRoomFor(input.ownerId);
      const at = now();
      await repository.insert({ id: input.id, owner_id: input.ownerId, created_at: at, last_active_at: at });
    },

    /** The owner is working on their upload (any request about it): false when it is not theirs. */
    async touchUpload(input: { id: string; ownerId: string }): Promise<boolean> {
      return repository.touch(input.id, input.ownerId, now());
    },

    async isOwner(input: { id: string; ownerId: string }): Promise<boolean> {
      return (await repository.findOwner(input.id)) === input.ownerId;
    },

    /**
     * The bytes of finished uploads, in the order given. Each must be the actor's and complete;
     * otherwise nothing is returned and the form says which photo to add again.
     */
    async readFinishedUploads(input: { ownerId: string; ids: readonly string[] }): Promise<FinishedUpload[]> {
      const finished: FinishedUpload[] = [];
      for (const id of input.ids) {
        if ((await repository.findOwner(id)) !== input.ownerId) throw notFound();
        const upload = await datastore.getUpload(id).catch((error: unknown) => {
          throw isMissing(error) ? notFound() : error;
        });
        if (upload.size === undefined || upload.offset !== upload.size) {
          throw new AppError("BAD_INPUT", "A photo has not finished uploading. Please wait for it, or remove it.", { field: "image" });
        }
        if (upload.size > limits.maxFileBytes)
          throw new AppError("TOO_LARGE", photoTooLargeMessage(limits.maxFileBytes), { field: "image" });
        const bytes = await readAll(await datastore.read(id), limits.maxFileBytes);
        finished.push({ uploadId: id, bytes, fileName: upload.metadata?.filename ?? "" });
      }
      return finished;
    },

    /** Forgets uploads: their files and their rows. Run after the listing using them committed. */
    discardUploads,

    /** Called after tus removed a canceled upload's file. */
    async forgetUpload(id: string): Promise<void> {
      await repository.delete([id]);
    },

    /**
     * Removes uploads started longer ago than the expiry that never became part of a listing, and
     * locks left behind by a process that stopped while holding them.
     */
    async removeExpiredUploads(): Promise<number> {
      // Leases are wall-clock time, whatever clock the service was given.
      await deps.locks.removeExpired(Date.now() - LOCK_LEFTOVER_MS);
      const ids = await repository.listStartedBefore(now() - limits.expiryMs, SWEEP_BATCH);
      await discardUploads(ids);
      return ids.length;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/**
 * Runs the expiry sweep every `intervalMs` until stopped. The timer is unref'd: it never keeps
 * the process alive on its own.
 */
export function startUploadExpirySweep(
  uploads: Pick<UploadsService, "removeExpiredUploads">,
  options: { intervalMs: number; logger: Logger },
) {
  const timer = setInterval(() => {
    uploads
      .removeExpiredUploads()
      .then((removed) => removed && options.logger.info({ removed }, "expired uploads removed"))
      .catch((error: unknown) => options.logger.error({ err: error }, "expired upload sweep failed"));
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The datastore's way of saying an upload's file is not there (any more). */
export function isMissing(error: unknown): boolean {
  const e = error as { status_code?: number; code?: string } | null;
  return e?.status_code === 404 || e?.status_code === 410 || e?.code === "ENOENT";
}

async function readAll(stream: Readable, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new AppError("TOO_LARGE", photoTooLargeMessage(maxBytes), { field: "image" });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
