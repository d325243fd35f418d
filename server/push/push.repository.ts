/** The SQL of Web Push (decision 027): subscriptions (migrations 0016, 0019) and alert_match.pushed_at. */
import type { Kysely } from "kysely";
import { parseChannels } from "../../core/saved-search";
import type { Database } from "../db/schema";
import { isLiveRow } from "../listings/listing-sql";

export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
  created_at: number;
}

export function createPushRepository(db: Kysely<Database>) {
  const columns = ["id", "user_id", "endpoint", "p256dh", "auth", "lang", "created_at"] as const;
  const toRow = (row: Omit<PushSubscriptionRow, "created_at"> & { created_at: number | string }): PushSubscriptionRow => ({ ...row, created_at: Number(row.created_at) });

  return {
    /**
     * Stores a browser's subscription for this person, keeping at most `keep` (the newest). An
     * endpoint is one browser: subscribing it again (new keys, another person signed in on that
     * phone now) replaces what was there.
     */
    async save(row: PushSubscriptionRow, keep: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("push_subscription")
          .values(row)
          .onConflict((oc) => oc.column("endpoint").doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, lang: row.lang, created_at: row.created_at }))
          .execute();
        const kept = trx.selectFrom("push_subscription").select("id").where("user_id", "=", row.user_id).orderBy("created_at", "desc").orderBy("id", "desc").limit(keep);
        // PostgreSQL and SQLite both refuse LIMIT inside IN on some versions: read the ids first.
        const keepIds = (await kept.execute()).map((r) => r.id);
        await trx.deleteFrom("push_subscription").where("user_id", "=", row.user_id).where("id", "not in", keepIds).execute();
      });
    },

    /** Removes this person's subscription at that endpoint; false when they have none there. */
    async deleteMine(userId: string, endpoint: string): Promise<boolean> {
      const result = await db.deleteFrom("push_subscription").where("user_id", "=", userId).where("endpoint", "=", endpoint).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The push service said this subscription is gone (404/410). */
    async delete(id: string): Promise<void> {
      await db.deleteFrom("push_subscription").where("id", "=", id).execute();
    },

    async listForUser(userId: string): Promise<PushSubscriptionRow[]> {
      const rows = await db.selectFrom("push_subscription").select([...columns]).where("user_id", "=", userId).orderBy("created_at", "asc").execute();
      return rows.map(toRow);
    },

    /**
     * A match as a notification needs it, or null when there is nothing to tell: the match (or
     * its saved search) is gone, the search is paused or no longer asks for push, or the listing
     * is no longer live at `at`.
     */
    async findMatchToPush(savedSearchId: string, listingId: string, at: number) {
      const row = await db
        .selectFrom("alert_match as m")
        .innerJoin("saved_search as s", "s.id", "m.saved_search_id")
        .innerJoin("listing as l", "l.id", "m.listing_id")
        .select(["m.id", "m.user_id", "m.pushed_at", "s.channels", "s.paused", "l.name", "l.price_paise", "l.state", "l.district", "l.place", "l.status", "l.expires_at", "l.hidden_at"])
        .where("m.saved_search_id", "=", savedSearchId)
        .where("m.listing_id", "=", listingId)
        .executeTakeFirst();
      if (!row || Number(row.paused) === 1 || !parseChannels(row.channels).includes("push") || !isLiveRow(row, at)) return null;
      return {
        matchId: row.id,
        userId: row.user_id,
        pushed: row.pushed_at !== null,
        listing: { id: listingId, name: row.name, pricePaise: Number(row.price_paise), state: row.state, district: row.district, place: row.place },
      };
    },

    async markPushed(matchId: string, at: number): Promise<void> {
      await db.updateTable("alert_match").set({ pushed_at: at }).where("id", "=", matchId).where("pushed_at", "is", null).execute();
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
