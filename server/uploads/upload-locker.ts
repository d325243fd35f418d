/**
 * tus's lock on an upload, held in the database so that it holds across `npm start`'s workers
 * and across instances (tus's own MemoryLocker guards one process only). Two requests writing
 * one upload at once would interleave its bytes; the usual way that happens is a phone whose
 * signal dropped mid-chunk: its retry arrives while the server still holds the dead request.
 *
 * A lock is a row with a lease. The holder renews the lease while its request runs and watches
 * for a waiter's request to let go; a waiter asks, then tries again until it gets the lock or
 * its wait ends (423 Locked, which the browser's uploader retries). A process that dies holding
 * a lock leaves a lease that simply runs out.
 */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Lock, Locker, RequestRelease } from "@tus/utils";
import type { Logger } from "../logger";
import type { UploadLockRepository } from "./upload-lock.repository";

export interface UploadLockTimings {
  /** How long a lock holds without being renewed. */
  leaseMs: number;
  /** How often a holder renews its lease and looks for a waiter. */
  renewMs: number;
  /** How often a waiter tries again. */
  pollMs: number;
  /** How long a holder asked to let go may still finish its work (tus's lockDrainTimeout). */
  drainMs: number;
  /** How long a request waits for a lock before answering 423: past a renewal and a drain. */
  waitMs: number;
}

export const UPLOAD_LOCK_TIMINGS: UploadLockTimings = { leaseMs: 10_000, renewMs: 1_000, pollMs: 100, drainMs: 3_000, waitMs: 8_000 };

/** What tus answers when the wait ends: 423, which tus clients (ours included) retry. */
export const UPLOAD_LOCKED = {
  status_code: 423,
  body: "This photo is still being received from an earlier try. Please wait a moment.",
};

export function createUploadLocker(
  repository: UploadLockRepository,
  options: { logger: Logger; timings?: Partial<UploadLockTimings>; now?: () => number },
): Locker {
  const timings = { ...UPLOAD_LOCK_TIMINGS, ...options.timings };
  const now = options.now ?? Date.now;
  // Names this process's holders apart from other processes'.
  const processTag = randomBytes(8).toString("hex");
  let requests = 0;
  // Holders in this process, so a waiter here asks them at once rather than through a renewal.
  const heldHere = new Map<string, () => void>();

  return {
    newLock(uploadId: string): Lock {
      const holder = `${processTag}:${++requests}`;
      let stopRenewing: (() => void) | undefined;
      let letGo: (() => void) | undefined;

      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          const giveUpAt = now() + timings.waitMs;
          while (!(await repository.acquire(uploadId, holder, now(), timings.leaseMs))) {
            heldHere.get(uploadId)?.();
            await repository.requestRelease(uploadId);
            if (signal.aborted || now() >= giveUpAt) throw UPLOAD_LOCKED;
            await sleep(timings.pollMs, undefined, { signal }).catch(() => undefined);
          }
          let asked = false;
          letGo = () => {
            if (asked) return;
            asked = true;
            void requestRelease();
          };
          heldHere.set(uploadId, letGo);
          stopRenewing = renewWhileHeld(uploadId, holder, letGo);
        },

        async unlock() {
          stopRenewing?.();
          if (heldHere.get(uploadId) === letGo) heldHere.delete(uploadId);
          // Not fatal: the request's work is done, and the lease runs out on its own.
          await repository
            .release(uploadId, holder)
            .catch((error: unknown) => options.logger.warn({ err: error, uploadId }, "could not release an upload lock"));
        },
      };
    },
  };

  /** Keeps the lease while the request runs; asks the request to end when a waiter wants in or the lease is lost. */
  function renewWhileHeld(uploadId: string, holder: string, letGo: () => void): () => void {
    let renewedAt = now();
    const timer = setInterval(() => {
      repository
        .renew(uploadId, holder, now(), timings.leaseMs)
        .then((held) => {
          renewedAt = now();
          if (!held || held.releaseRequested) letGo();
        })
        .catch((error: unknown) => {
          options.logger.warn({ err: error, uploadId }, "could not renew an upload lock");
          // Past the lease, another request may hold it: this one must stop writing.
          if (now() - renewedAt >= timings.leaseMs) letGo();
        });
    }, timings.renewMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
