/** The number that changes with anything a public page shows (migration 0009, decision 017). */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export function createContentVersionRepository(db: Kysely<Database>) {
  return {
    async current(): Promise<number> {
      const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirstOrThrow();
      return Number(row.version);
    },
  };
}

export type ContentVersionRepository = ReturnType<typeof createContentVersionRepository>;
