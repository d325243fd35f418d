/** The public API's keys (migration 0027, decision 032). */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { insertWithinLimit } from "../db/insert-within-limit";

export interface ApiKeySummary {
  id: string;
  prefix: string;
  createdAt: number;
}

async function countActive(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("api_key")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function createApiKeysRepository(db: Kysely<Database>) {
  return {
    /** False when the person already holds `max` keys not revoked (counted with their turn held). */
    insert(row: { id: string; userId: string; keyHash: string; prefix: string; createdAt: number }, max: number): Promise<boolean> {
      return insertWithinLimit(db, {
        limit: "api_key",
        userId: row.userId,
        max,
        count: (trx) => countActive(trx, row.userId),
        insert: async (trx) => {
          await trx
            .insertInto("api_key")
            .values({
              id: row.id,
              user_id: row.userId,
              key_hash: row.keyHash,
              prefix: row.prefix,
              created_at: row.createdAt,
              revoked_at: null,
            })
            .execute();
        },
      });
    },

    /** A person's keys not revoked, newest first. */
    async listActive(userId: string): Promise<ApiKeySummary[]> {
      const rows = await db
        .selectFrom("api_key")
        .select(["id", "prefix", "created_at"])
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .orderBy("created_at", "desc")
        .execute();
      return rows.map((row) => ({ id: row.id, prefix: row.prefix, createdAt: Number(row.created_at) }));
    },

    countActive: (userId: string): Promise<number> => countActive(db, userId),

    /** Revokes one of the person's keys; false when they have no such key. */
    async revoke(userId: string, id: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable("api_key")
        .set({ revoked_at: at })
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Whether the person's email address was verified (better-auth's flag, decision 046). */
    async isEmailVerified(userId: string): Promise<boolean> {
      const row = await db.selectFrom("user").select("emailVerified").where("id", "=", userId).executeTakeFirst();
      return Boolean(row?.emailVerified);
    },

    /** The key with this hash, when it is not revoked (one probe of the unique index). */
    async findActiveByHash(keyHash: string): Promise<{ id: string; userId: string } | undefined> {
      const row = await db
        .selectFrom("api_key")
        .select(["id", "user_id"])
        .where("key_hash", "=", keyHash)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return row ? { id: row.id, userId: row.user_id } : undefined;
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
