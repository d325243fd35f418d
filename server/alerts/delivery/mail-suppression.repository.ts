/**
 * Which addresses may be mailed, and how much (decision 045): suppression by keyed hash
 * (address_suppression, migration 0035), daily counts per address (address_mail_count), and the
 * account's `emailVerified`, which an address's own unsubscribe or bounce takes back.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { addressKey, normaliseAddress } from "./address-key";

export type MailKind = "alert" | "link";

export function createMailSuppressionRepository(db: Kysely<Database>, secret: string) {
  const key = (email: string) => addressKey(secret, email);
  /** Since when the address is suppressed; null when it is not. */
  async function suppressedAt(email: string): Promise<number | null> {
    const row = await db.selectFrom("address_suppression").select("created_at").where("address_hash", "=", key(email)).executeTakeFirst();
    return row ? Number(row.created_at) : null;
  }
  return {
    suppressedAt,

    async isSuppressed(email: string): Promise<boolean> {
      return (await suppressedAt(email)) !== null;
    },

    /**
     * The address gets no more alert mail, whichever account holds it now or later; every account
     * on it is no longer verified, so mail resumes only once the address confirms a new link.
     */
    async suppress(email: string, reason: "bounced" | "unsubscribed", at: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("address_suppression")
          .values({ address_hash: key(email), reason, created_at: at })
          .onConflict((oc) => oc.column("address_hash").doUpdateSet({ reason, created_at: at }))
          .execute();
        // better-auth keeps addresses lower-cased; `false` is a literal either engine reads as its boolean.
        await trx
          .updateTable("user")
          .set({ emailVerified: sql<boolean>`false` })
          .where("email", "=", normaliseAddress(email))
          .execute();
      });
    },

    /** The address confirmed a link from its own inbox: it may be mailed again. */
    async lift(email: string): Promise<void> {
      await db.deleteFrom("address_suppression").where("address_hash", "=", key(email)).execute();
    },

    /**
     * Takes one of the day's `cap` mails of this kind for the address; false when they are all
     * taken. Taken before sending, in one statement, so two workers cannot both take the last.
     */
    async takeDaily(email: string, kind: MailKind, day: number, cap: number): Promise<boolean> {
      if (cap < 1) return false;
      const row = { address_hash: key(email), day, kind, sent: 1 };
      const taken = await db
        .insertInto("address_mail_count")
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(["address_hash", "day", "kind"])
            .doUpdateSet({ sent: sql`address_mail_count.sent + 1` })
            .where("address_mail_count.sent", "<", cap),
        )
        .returning("sent")
        .executeTakeFirst();
      return taken !== undefined;
    },

    /** Gives back a mail taken by takeDaily that did not go (a retried failure). */
    async giveBackDaily(email: string, kind: MailKind, day: number): Promise<void> {
      await db
        .updateTable("address_mail_count")
        .set({ sent: sql`sent - 1` })
        .where("address_hash", "=", key(email))
        .where("day", "=", day)
        .where("kind", "=", kind)
        .where("sent", ">", 0)
        .execute();
    },

    /** Rows of the table before migration 0035 (plain addresses) moved here as keyed hashes; safe to run again. */
    async moveLegacySuppressions(): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom("email_suppression").select(["email", "reason", "created_at"]).execute();
        if (!rows.length) return 0;
        await trx
          .insertInto("address_suppression")
          .values(rows.map((row) => ({ address_hash: key(row.email), reason: row.reason, created_at: Number(row.created_at) })))
          .onConflict((oc) => oc.column("address_hash").doNothing())
          .execute();
        await trx.deleteFrom("email_suppression").execute();
        return rows.length;
      });
    },
  };
}

export type MailSuppressionRepository = ReturnType<typeof createMailSuppressionRepository>;
