/** The only place with SQL for resumable uploads not yet put on a listing. */
import type { Kysely } from "kysely";
import type { Database, PhotoUploadTable } from "../db/schema";

export function createUploadsRepository(db: Kysely<Database>) {
  return {
    async insert(row: PhotoUploadTable): Promise<void> {
      await db.insertInto("photo_upload").values(row).execute();
    },

    async countForOwner(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom("photo_upload")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("owner_id", "=", ownerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findOwner(id: string): Promise<string | null> {
      const row = await db.selectFrom("photo_upload").select("owner_id").where("id", "=", id).executeTakeFirst();
      return row?.owner_id ?? null;
    },

    /** Notes that the owner is working on their upload; false when it is not theirs (or gone). */
    async touch(id: string, ownerId: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable("photo_upload")
        .set({ last_active_at: at })
        .where("id", "=", id)
        .where("owner_id", "=", ownerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ids of the owner's uploads last active before `before` (epoch ms), idle longest first. */
    async listIdleForOwner(ownerId: string, before: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("photo_upload")
        .select("id")
        .where("owner_id", "=", ownerId)
        .where("last_active_at", "<", before)
        .orderBy("last_active_at", "asc")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Ids of uploads started before `before` (epoch ms), oldest first. */
    async listStartedBefore(before: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("photo_upload")
        .select("id")
        .where("created_at", "<", before)
        .orderBy("created_at", "asc")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    async delete(ids: readonly string[]): Promise<void> {
      if (ids.length) await db.deleteFrom("photo_upload").where("id", "in", ids).execute();
    },

    /**
     * Forgets every upload of one person and returns their ids, for the files to go after the
     * commit; `within` is a transaction of the caller's (deleting an account).
     */
    async deleteForOwner(ownerId: string, within: Kysely<Database> = db): Promise<string[]> {
      const rows = await within.deleteFrom("photo_upload").where("owner_id", "=", ownerId).returning("id").execute();
      return rows.map((row) => row.id);
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
