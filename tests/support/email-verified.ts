/**
 * Marks a person's email address verified, as following the emailed link does (better-auth's
 * flag): API keys are only for verified addresses (decision 046).
 */
import type { Db } from "../../server/db/database";

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.kysely.updateTable("user").set({ emailVerified: db.dialect === "sqlite" ? 1 : true }).where("id", "=", userId).execute();
}
