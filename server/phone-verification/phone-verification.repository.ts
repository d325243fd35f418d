/** The only place with SQL for phone verification (migration 0039, decision 058). */
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface StoredCode {
  phone: string;
  codeHash: string;
  sentAt: number;
  expiresAt: number;
  tries: number;
  usedAt: number | null;
}

export function createPhoneVerificationRepository(db: Kysely<Database>) {
  return {
    /** The account's number as stored now (not as a session remembers it). */
    async currentPhone(userId: string): Promise<string | null> {
      const row = await db.selectFrom("user").select("phone").where("id", "=", userId).executeTakeFirst();
      return row?.phone ?? null;
    },

    async findCode(userId: string): Promise<StoredCode | null> {
      const row = await db.selectFrom("phone_code").selectAll().where("user_id", "=", userId).executeTakeFirst();
      return row
        ? {
            phone: row.phone,
            codeHash: row.code_hash,
            sentAt: Number(row.sent_at),
            expiresAt: Number(row.expires_at),
            tries: Number(row.tries),
            usedAt: row.used_at === null ? null : Number(row.used_at),
          }
        : null;
    },

    /**
     * Keeps a new code for the person in one statement, replacing the last one only if it was sent
     * at or before `resendAfter` (or was used): two sends at once make one code. False when the
     * last code is too recent.
     */
    async replaceCode(userId: string, code: { phone: string; codeHash: string; sentAt: number; expiresAt: number }, resendAfter: number) {
      const row = await db
        .insertInto("phone_code")
        .values({
          user_id: userId,
          phone: code.phone,
          code_hash: code.codeHash,
          sent_at: code.sentAt,
          expires_at: code.expiresAt,
          tries: 0,
        })
        .onConflict((oc) =>
          oc
            .column("user_id")
            .doUpdateSet({
              phone: code.phone,
              code_hash: code.codeHash,
              sent_at: code.sentAt,
              expires_at: code.expiresAt,
              tries: 0,
              used_at: null,
            })
            .where((eb) => eb.or([eb("phone_code.sent_at", "<=", resendAfter), eb("phone_code.used_at", "is not", null)])),
        )
        .returning("user_id")
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Forgets a code whose SMS did not go (the send failed): no code exists that nobody received. */
    async deleteCode(userId: string, sentAt: number): Promise<void> {
      await db.deleteFrom("phone_code").where("user_id", "=", userId).where("sent_at", "=", sentAt).execute();
    },

    /** Counts a wrong try of the code sent at `sentAt`; the tries so far, or null when that code is gone, used or spent. */
    async countWrongTry(userId: string, sentAt: number, maxTries: number): Promise<number | null> {
      const row = await db
        .updateTable("phone_code")
        .set({ tries: sql`tries + 1` })
        .where("user_id", "=", userId)
        .where("sent_at", "=", sentAt)
        .where("used_at", "is", null)
        .where("tries", "<", maxTries)
        .returning("tries")
        .executeTakeFirst();
      return row ? Number(row.tries) : null;
    },

    /**
     * Uses the code sent at `sentAt` and marks the number verified, in one transaction. Only one
     * request can use a code (the update's condition); false for every other. `alsoWithin`: more of
     * the same transaction once verified (the seller's waiting listings go live, decision 061).
     */
    async useCode(
      userId: string,
      sentAt: number,
      phone: string,
      at: number,
      maxTries: number,
      alsoWithin?: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable("phone_code")
          .set({ used_at: at })
          .where("user_id", "=", userId)
          .where("sent_at", "=", sentAt)
          .where("phone", "=", phone)
          .where("used_at", "is", null)
          .where("tries", "<", maxTries)
          .returning("user_id")
          .executeTakeFirst();
        if (!used) return false;
        await trx
          .insertInto("phone_verified")
          .values({ user_id: userId, phone, verified_at: at })
          .onConflict((oc) => oc.column("user_id").doUpdateSet({ phone, verified_at: at }))
          .execute();
        await alsoWithin?.(trx);
        return true;
      });
    },

    /** When the number locked by its keyed hash may be tried again; null when it is not locked at `now`. */
    async lockedUntil(phoneKey: string, now: number): Promise<number | null> {
      const row = await db
        .selectFrom("phone_lock")
        .select("locked_until")
        .where("phone_key", "=", phoneKey)
        .where("locked_until", ">", now)
        .executeTakeFirst();
      return row ? Number(row.locked_until) : null;
    },

    async lock(phoneKey: string, until: number, now: number): Promise<void> {
      // Ended locks go as new ones are made: the table holds only numbers locked in the last hour.
      await db.deleteFrom("phone_lock").where("locked_until", "<=", now).execute();
      await db
        .insertInto("phone_lock")
        .values({ phone_key: phoneKey, locked_until: until })
        .onConflict((oc) => oc.column("phone_key").doUpdateSet({ locked_until: until }))
        .execute();
    },

    /** The person's verified number and when, if any (the caller compares it with their number now). */
    async findVerified(userId: string): Promise<{ phone: string; verifiedAt: number } | null> {
      const row = await db.selectFrom("phone_verified").select(["phone", "verified_at"]).where("user_id", "=", userId).executeTakeFirst();
      return row ? { phone: row.phone, verifiedAt: Number(row.verified_at) } : null;
    },

    /** Sellers among `userIds` whose number now is the one they verified, with when. */
    async verifiedAmong(userIds: readonly string[]): Promise<Map<string, number>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .selectFrom("phone_verified")
        .innerJoin("user", (join) => join.onRef("user.id", "=", "phone_verified.user_id").onRef("user.phone", "=", "phone_verified.phone"))
        .select(["phone_verified.user_id", "phone_verified.verified_at"])
        .where("phone_verified.user_id", "in", [...new Set(userIds)])
        .execute();
      return new Map(rows.map((row) => [row.user_id, Number(row.verified_at)]));
    },

    /**
     * The number changed: it is no longer verified, and a code sent to the old one is void. One
     * transaction with `alsoWithin` (the seller's listings wait again, decision 061).
     */
    async forget(userId: string, alsoWithin?: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("phone_verified").where("user_id", "=", userId).execute();
        await trx.deleteFrom("phone_code").where("user_id", "=", userId).execute();
        await alsoWithin?.(trx);
      });
    },
  };
}

export type PhoneVerificationRepository = ReturnType<typeof createPhoneVerificationRepository>;
