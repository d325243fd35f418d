/** The SQL alert email needs beyond saved-searches.repository's (decision 026). */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { isLiveRow, liveAt } from "../../listings/listing-sql";
import type { MailListing } from "../../mail/alert-mail";

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
  /** Whether the address's owner confirmed it from their inbox (better-auth's `emailVerified`). */
  emailVerified: boolean;
  listing: MailListing;
  /** Active, not expired, not hidden at the time asked. */
  live: boolean;
}

export function createAlertMailRepository(db: Kysely<Database>) {
  const listingColumns = [
    "listing.id as listing_id",
    "listing.name as listing_name",
    "listing.price_paise",
    "listing.state",
    "listing.district",
    "listing.status",
    "listing.expires_at",
    "listing.hidden_at",
  ] as const;

  return {
    /**
     * Every match of one person's saved searches with one listing (one person is mailed once
     * per listing, whatever their searches: decision 045), with everything its email needs, in
     * the saved searches' order. Through alert_match_pair (listing_id first, migration 0033).
     */
    async findEmailMatches(userId: string, listingId: string, at: number): Promise<EmailMatchRow[]> {
      const rows = await db
        .selectFrom("alert_match as m")
        .innerJoin("saved_search as s", "s.id", "m.saved_search_id")
        .innerJoin("listing", "listing.id", "m.listing_id")
        .innerJoin("user as u", "u.id", "s.user_id")
        .select([
          "m.id as match_id",
          "m.emailed_at",
          "s.id as saved_search_id",
          "s.user_id",
          "s.name as search_name",
          "s.query",
          "s.paused",
          "s.pace",
          "s.channels",
          "s.language",
          "u.email",
          "u.emailVerified",
          ...listingColumns,
        ])
        .where("m.listing_id", "=", listingId)
        .where("m.user_id", "=", userId)
        .where("s.user_id", "=", userId)
        .orderBy("s.id")
        .execute();
      return rows.map((row) => ({
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
        emailVerified: Boolean(row.emailVerified),
        listing: {
          id: row.listing_id,
          name: row.listing_name,
          pricePaise: Number(row.price_paise),
          state: row.state,
          district: row.district,
        },
        live: isLiveRow(row, at),
      }));
    },

    /** The saved search a match job of an older release names: whose it is. */
    async findSearchOwner(savedSearchId: string): Promise<string | null> {
      const row = await db.selectFrom("saved_search").select("user_id").where("id", "=", savedSearchId).executeTakeFirst();
      return row?.user_id ?? null;
    },

    /** Marks every match of the person's with these listings emailed: a listing mailed once is not mailed again by another search. */
    async markEmailedForUser(userId: string, listingIds: readonly string[], at: number): Promise<void> {
      if (listingIds.length)
        await db
          .updateTable("alert_match")
          .set({ emailed_at: at })
          .where("listing_id", "in", listingIds)
          .where("user_id", "=", userId)
          .where("emailed_at", "is", null)
          .execute();
    },

    /** A saved search's matches not yet emailed, found after `after`, whose listings are live at `at`: its digest. */
    async findDigestMatches(savedSearchId: string, after: number, at: number, limit: number) {
      const rows = await db
        .selectFrom("alert_match as m")
        .innerJoin("listing", "listing.id", "m.listing_id")
        .select(["m.id as match_id", ...listingColumns])
        .where("m.saved_search_id", "=", savedSearchId)
        .where("m.emailed_at", "is", null)
        // Not already mailed to this person through another of their searches.
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("alert_match as other")
                .select("other.id")
                .whereRef("other.listing_id", "=", "m.listing_id")
                .whereRef("other.user_id", "=", "m.user_id")
                .where("other.emailed_at", "is not", null),
            ),
          ),
        )
        .where("m.created_at", ">", after)
        .where((eb) => liveAt(eb, at))
        .orderBy("m.created_at", "asc")
        .orderBy("m.id", "asc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        matchId: row.match_id,
        listing: {
          id: row.listing_id,
          name: row.listing_name,
          pricePaise: Number(row.price_paise),
          state: row.state,
          district: row.district,
        },
      }));
    },

    /** Where a person's mail goes, and whether its owner confirmed it. */
    async findRecipient(userId: string): Promise<{ email: string; emailVerified: boolean } | null> {
      const row = await db.selectFrom("user").select(["email", "emailVerified"]).where("id", "=", userId).executeTakeFirst();
      return row ? { email: row.email, emailVerified: Boolean(row.emailVerified) } : null;
    },
  };
}

export type AlertMailRepository = ReturnType<typeof createAlertMailRepository>;
