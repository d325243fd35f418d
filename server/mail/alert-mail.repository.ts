/** The SQL alert email needs beyond saved-searches.repository's (decision 026). */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isLiveRow, liveAt } from "../listings/listing-sql";
import type { MailListing } from "./alert-mail";

export interface EmailMatchRow {
  matchId: string;
  emailedAt: number | null;
  savedSearchId: string;
  userId: string;
  searchName: string | null;
  query: string;
  paused: boolean;
  pace: string;
  channels: string;
  language: string;
  email: string;
  personName: string;
  listing: MailListing;
  /** Active, not expired, not hidden at the time asked. */
  live: boolean;
}

export function createAlertMailRepository(db: Kysely<Database>) {
  const listingColumns = ["listing.id as listing_id", "listing.name as listing_name", "listing.price_paise", "listing.state", "listing.district", "listing.status", "listing.expires_at", "listing.hidden_at"] as const;

  return {
    /** A (saved search, listing) match with everything its email needs; null when any part is gone. */
    async findEmailMatch(savedSearchId: string, listingId: string, at: number): Promise<EmailMatchRow | null> {
      const row = await db
        .selectFrom("alert_match as m")
        .innerJoin("saved_search as s", "s.id", "m.saved_search_id")
        .innerJoin("listing", "listing.id", "m.listing_id")
        .innerJoin("user as u", "u.id", "s.user_id")
        .select(["m.id as match_id", "m.emailed_at", "s.id as saved_search_id", "s.user_id", "s.name as search_name", "s.query", "s.paused", "s.pace", "s.channels", "s.language", "u.email", "u.name as person_name", ...listingColumns])
        .where("m.saved_search_id", "=", savedSearchId)
        .where("m.listing_id", "=", listingId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        matchId: row.match_id,
        emailedAt: row.emailed_at === null ? null : Number(row.emailed_at),
        savedSearchId: row.saved_search_id,
        userId: row.user_id,
        searchName: row.search_name,
        query: row.query,
        paused: Number(row.paused) === 1,
        pace: row.pace,
        channels: row.channels,
        language: row.language,
        email: row.email,
        personName: row.person_name,
        listing: { id: row.listing_id, name: row.listing_name, pricePaise: Number(row.price_paise), state: row.state, district: row.district },
        live: isLiveRow(row, at),
      };
    },

    /** A saved search's matches not yet emailed, found after `after`, whose listings are live at `at`: its digest. */
    async findDigestMatches(savedSearchId: string, after: number, at: number, limit: number) {
      const rows = await db
        .selectFrom("alert_match as m")
        .innerJoin("listing", "listing.id", "m.listing_id")
        .select(["m.id as match_id", ...listingColumns])
        .where("m.saved_search_id", "=", savedSearchId)
        .where("m.emailed_at", "is", null)
        .where("m.created_at", ">", after)
        .where((eb) => liveAt(eb, at))
        .orderBy("m.created_at", "asc")
        .orderBy("m.id", "asc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ matchId: row.match_id, listing: { id: row.listing_id, name: row.listing_name, pricePaise: Number(row.price_paise), state: row.state, district: row.district } }));
    },

    /** Where a person's mail goes, and what to call them. */
    async findRecipient(userId: string): Promise<{ email: string; name: string } | null> {
      const row = await db.selectFrom("user").select(["email", "name"]).where("id", "=", userId).executeTakeFirst();
      return row ?? null;
    },
  };
}

export type AlertMailRepository = ReturnType<typeof createAlertMailRepository>;
