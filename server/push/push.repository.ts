/** The SQL of Web Push subscriptions (decision 027; migrations 0016, 0020, 0023). What a match sends is alerts' (server/alerts/delivery/alert-push.repository.ts). */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
  /** The better-auth session that subscribed; null: saved before migration 0023. */
  session_id: string | null;
  created_at: number;
}

/** better-auth's session table, as far as a phone's subscription needs it (it owns the table). */
type SessionTables = { session: { id: string; userId: string; expiresAt: string | Date } };

/** Epoch ms of a better-auth date: a Date on PostgreSQL, an ISO string on SQLite. */
function epochMs(value: string | Date | number): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

export function createPushRepository(db: Kysely<Database>) {
  const toRow = (row: Omit<PushSubscriptionRow, "created_at"> & { created_at: number | string }): PushSubscriptionRow => ({
    ...row,
    created_at: Number(row.created_at),
  });

  return {
    /**
     * Stores a browser's subscription for this person, keeping at most `keep` (the newest). An
     * endpoint is one browser: subscribing it again (new keys, a new session) replaces what was
     * there, but only the same person's: an endpoint another person holds stays theirs, and this
     * answers false (nothing stored).
     */
    async save(row: PushSubscriptionRow, keep: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const stored = await trx
          .insertInto("push_subscription")
          .values(row)
          .onConflict((oc) =>
            oc
              .column("endpoint")
              .doUpdateSet({ p256dh: row.p256dh, auth: row.auth, lang: row.lang, session_id: row.session_id, created_at: row.created_at })
              .where("push_subscription.user_id", "=", row.user_id),
          )
          .executeTakeFirst();
        if (Number(stored.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        const kept = trx
          .selectFrom("push_subscription")
          .select("id")
          .where("user_id", "=", row.user_id)
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(keep);
        // PostgreSQL and SQLite both refuse LIMIT inside IN on some versions: read the ids first.
        const keepIds = (await kept.execute()).map((r) => r.id);
        await trx.deleteFrom("push_subscription").where("user_id", "=", row.user_id).where("id", "not in", keepIds).execute();
        return true;
      });
    },

    /** Removes this person's subscription at that endpoint; false when they have none there. */
    async deleteMine(userId: string, endpoint: string): Promise<boolean> {
      const result = await db
        .deleteFrom("push_subscription")
        .where("user_id", "=", userId)
        .where("endpoint", "=", endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Whether this person has notifications on at that endpoint. When they do, the row is bound to
     * `sessionId` (the session on that phone now, which proves the same person is still there),
     * so it lives as long as that session.
     */
    async claimMine(userId: string, endpoint: string, sessionId: string): Promise<boolean> {
      const result = await db
        .updateTable("push_subscription")
        .set({ session_id: sessionId })
        .where("user_id", "=", userId)
        .where("endpoint", "=", endpoint)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The session a phone subscribed from was replaced by a new one on the same browser (a password change). */
    async moveSession(fromSessionId: string, toSessionId: string): Promise<void> {
      await db.updateTable("push_subscription").set({ session_id: toSessionId }).where("session_id", "=", fromSessionId).execute();
    },

    /** The push service said this subscription is gone (404/410). */
    async delete(id: string): Promise<void> {
      await db.deleteFrom("push_subscription").where("id", "=", id).execute();
    },

    /**
     * This person's phones whose session is still signed in at `at`, after deleting the others:
     * those whose session is gone (signed out elsewhere, revoked by a password change or a ban,
     * deleted by better-auth) or expired, and those saved before sessions were recorded (null).
     * Returns the live ones and how many were forgotten.
     */
    async listLiveForUser(userId: string, at: number): Promise<{ live: PushSubscriptionRow[]; forgotten: number }> {
      const rows = await db
        .withTables<SessionTables>()
        .selectFrom("push_subscription as p")
        .leftJoin("session as s", (join) => join.onRef("s.id", "=", "p.session_id").onRef("s.userId", "=", "p.user_id"))
        .select([
          "p.id",
          "p.user_id",
          "p.endpoint",
          "p.p256dh",
          "p.auth",
          "p.lang",
          "p.session_id",
          "p.created_at",
          "s.expiresAt as session_expires_at",
        ])
        .where("p.user_id", "=", userId)
        .orderBy("p.created_at", "asc")
        .execute();
      const live: PushSubscriptionRow[] = [];
      let forgotten = 0;
      for (const { session_expires_at: expiresAt, ...row } of rows) {
        if (row.session_id !== null && expiresAt !== null && epochMs(expiresAt) > at) {
          live.push(toRow(row));
          continue;
        }
        // Only while it still names the ended session: subscribing again meanwhile bound it anew.
        const sessionId = row.session_id;
        const result = await db
          .deleteFrom("push_subscription")
          .where("id", "=", row.id)
          .where((eb) => (sessionId === null ? eb("session_id", "is", null) : eb("session_id", "=", sessionId)))
          .executeTakeFirst();
        forgotten += Number(result.numDeletedRows);
      }
      return { live, forgotten };
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
