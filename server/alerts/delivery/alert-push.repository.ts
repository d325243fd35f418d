/** The SQL of a match's Web Push (decision 027): alert_match with its saved search and listing, and alert_match.pushed_at. */
import type { Kysely } from "kysely";
import { parseChannels } from "../../../core/alerts/saved-search";
import type { Database } from "../../db/schema";
import { isLiveRow } from "../../listings/listing-sql";

export function createAlertPushRepository(db: Kysely<Database>) {
  return {
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
        .select([
          "m.id",
          "m.user_id",
          "m.pushed_at",
          "s.channels",
          "s.paused",
          "l.name",
          "l.price_paise",
          "l.state",
          "l.district",
          "l.place",
          "l.status",
          "l.expires_at",
          "l.hidden_at",
        ])
        .where("m.saved_search_id", "=", savedSearchId)
        .where("m.listing_id", "=", listingId)
        .executeTakeFirst();
      if (!row || Number(row.paused) === 1 || !parseChannels(row.channels).includes("push") || !isLiveRow(row, at)) return null;
      return {
        matchId: row.id,
        userId: row.user_id,
        pushed: row.pushed_at !== null,
        listing: {
          id: listingId,
          name: row.name,
          pricePaise: Number(row.price_paise),
          state: row.state,
          district: row.district,
          place: row.place,
        },
      };
    },

    async markPushed(matchId: string, at: number): Promise<void> {
      await db.updateTable("alert_match").set({ pushed_at: at }).where("id", "=", matchId).where("pushed_at", "is", null).execute();
    },
  };
}

export type AlertPushRepository = ReturnType<typeof createAlertPushRepository>;
