/**
 * Whether a phone number is blocked (decision 056): the one check that sign-up, a phone change and
 * (later) phone verification refuse a blocked number by. The rest of the block's SQL is in
 * moderation.repository.ts, which writes it.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** True when reports blocked this number (E.164, as `normalisePhone` writes it) and no admin lifted the block. */
export async function isPhoneBlocked(db: Kysely<Database>, e164: string): Promise<boolean> {
  const row = await db
    .selectFrom("phone_block")
    .select("phone")
    .where("phone", "=", e164)
    .where("blocked_at", "is not", null)
    .executeTakeFirst();
  return Boolean(row);
}
