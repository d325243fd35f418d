/** The only place with SQL for upload locks (migration 0010, upload-locker.ts). */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export function createUploadLockRepository(db: Kysely<Database>) {
  return {
    /** Takes the lock when nobody holds it or its lease ran out; true when `holder` has it now. */
    async acquire(uploadId: string, holder: string, now: number, leaseMs: number): Promise<boolean> {
      const lease = { holder, expires_at: now + leaseMs, release_requested: 0 };
      const row = await db
        .insertInto("upload_lock")
        .values({ upload_id: uploadId, ...lease })
        .onConflict((oc) => oc.column("upload_id").doUpdateSet(lease).where("upload_lock.expires_at", "<", now))
        .returning("holder")
        .executeTakeFirst();
      return row?.holder === holder;
    },

    /** Asks whoever holds the lock to let go. */
    async requestRelease(uploadId: string): Promise<void> {
      await db.updateTable("upload_lock").set({ release_requested: 1 }).where("upload_id", "=", uploadId).execute();
    },

    /** Extends the holder's lease; null when it no longer holds the lock, else whether someone waits. */
    async renew(uploadId: string, holder: string, now: number, leaseMs: number): Promise<{ releaseRequested: boolean } | null> {
      const row = await db
        .updateTable("upload_lock")
        .set({ expires_at: now + leaseMs })
        .where("upload_id", "=", uploadId)
        .where("holder", "=", holder)
        .returning("release_requested")
        .executeTakeFirst();
      return row ? { releaseRequested: Number(row.release_requested) === 1 } : null;
    },

    async release(uploadId: string, holder: string): Promise<void> {
      await db.deleteFrom("upload_lock").where("upload_id", "=", uploadId).where("holder", "=", holder).execute();
    },

    /** Forgets locks whose lease ended before `before`, left by a process that stopped holding them. */
    async removeExpired(before: number): Promise<number> {
      const result = await db.deleteFrom("upload_lock").where("expires_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type UploadLockRepository = ReturnType<typeof createUploadLockRepository>;
