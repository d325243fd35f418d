/**
 * The only place with SQL for reports, the audit log, and the moderation columns of listings
 * (decision 014). `transaction` hands the callback a repository bound to one transaction.
 */
import { sql, type Kysely } from "kysely";
import { SCAM_REASONS, type HiddenCause, type ReportReason } from "../../core/moderation/moderation";
import { createAccountsRepository } from "../auth/accounts.repository";
import type { DialectName } from "../db/database";
import { STATUS_AND_MODERATION_COLUMNS } from "../listings/listing-sql";
import type { Database, ListingReportTable, ModerationAuditTable } from "../db/schema";
import { isPhoneBlocked } from "./phone-blocks.repository";

/** A listing as moderation needs it: who sells it, what it is called, whether it is hidden. */
export interface ModeratedListing {
  id: string;
  name: string;
  sellerId: string;
  sellerName: string | null;
  /** The seller's phone number (E.164) now; null if their account is gone. */
  sellerPhone: string | null;
  status: "active" | "sold";
  /** Epoch milliseconds (UTC). */
  expiresAt: number;
  hiddenAt: number | null;
  hiddenReason: string | null;
  hiddenCause: HiddenCause | null;
  reviewRequestedAt: number | null;
}

/** One listing in the report queue: its open reports counted, and when the first came. */
export interface QueueEntry extends ModeratedListing {
  openReports: number;
  /** Different people among the open reports. */
  reporters: number;
  /** Epoch milliseconds (UTC) of the oldest open report, or of the review request. */
  since: number;
  /** How many open reports give each reason. */
  reasons: Partial<Record<ReportReason, number>>;
  /** The seller deleted the listing after it was reported; the reports stay. */
  deleted: boolean;
  /** Some open report gives a scam reason (such listings come first). */
  scam: boolean;
}

/** A number reports blocked, for the back office. */
export interface BlockedPhone {
  phone: string;
  /** Epoch milliseconds (UTC). */
  blockedAt: number;
  /** Accounts with the number now. */
  accounts: number;
}

export type QueueView = "open" | "review" | "hidden";

export interface ReportRecord {
  id: string;
  reason: ReportReason;
  details: string | null;
  createdAt: number;
  resolvedAt: number | null;
  resolution: "dismissed" | "actioned" | null;
  /** Whether a signed-in person sent it (who they were is never shown). */
  signedIn: boolean;
}

export interface AuditEntry {
  id: number;
  at: number;
  /** Null when no person acted: reports hid the listing, or the command line changed a role. */
  actorId: string | null;
  actorName: string;
  action: string;
  targetType: "listing" | "person" | "phone";
  targetId: string;
  targetLabel: string;
  reason: string | null;
}

type NewAuditEntry = Omit<ModerationAuditTable, "id">;

const LISTING_COLUMNS = [
  "listing.id",
  "listing.name",
  "listing.seller_id",
  ...STATUS_AND_MODERATION_COLUMNS,
  "user.name as seller_name",
  "user.phone as seller_phone",
] as const;

type ListingRow = {
  id: string;
  name: string;
  seller_id: string;
  status: "active" | "sold";
  expires_at: number | string;
  hidden_at: number | string | null;
  hidden_reason: string | null;
  hidden_cause: HiddenCause | null;
  review_requested_at: number | string | null;
  seller_name: string | null;
  seller_phone: string | null;
};

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function toModeratedListing(row: ListingRow): ModeratedListing {
  return {
    id: row.id,
    name: row.name,
    sellerId: row.seller_id,
    sellerName: row.seller_name,
    sellerPhone: row.seller_phone,
    status: row.status,
    expiresAt: Number(row.expires_at),
    hiddenAt: numberOrNull(row.hidden_at),
    hiddenReason: row.hidden_reason,
    hiddenCause: row.hidden_cause,
    reviewRequestedAt: numberOrNull(row.review_requested_at),
  };
}

/** The repository; `transaction` runs work against a copy bound to one transaction. */
export function createModerationRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    ...bindTo(db, dialect),
    /** Runs `work` in one transaction, with a repository bound to it (and the transaction, for other services' writes). */
    async transaction<T>(work: (repository: BoundModerationRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(bindTo(trx, dialect), trx));
    },
    /** The repository bound to a transaction another service opened (phone verification's, decision 061). */
    within: (trx: Kysely<Database>) => bindTo(trx, dialect),
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
export type BoundModerationRepository = ReturnType<typeof bindTo>;

function bindTo(db: Kysely<Database>, dialect: DialectName) {
  const listings = () =>
    db
      .selectFrom("listing")
      .leftJoin("user", "user.id", "listing.seller_id")
      .select([...LISTING_COLUMNS]);

  async function listingsByIds(ids: string[]): Promise<Map<string, ModeratedListing>> {
    if (!ids.length) return new Map();
    const rows = await listings().where("listing.id", "in", ids).execute();
    return new Map(rows.map((row) => [row.id, toModeratedListing(row)]));
  }

  /** Whose listing the reports were about (for a listing since deleted). */
  async function sellerOfReports(listingId: string): Promise<{ sellerId: string; sellerName: string | null } | null> {
    const row = await db
      .selectFrom("listing_report")
      .leftJoin("user", "user.id", "listing_report.seller_id")
      .select(["listing_report.seller_id", "user.name"])
      .where("listing_report.listing_id", "=", listingId)
      .executeTakeFirst();
    return row ? { sellerId: row.seller_id, sellerName: row.name } : null;
  }

  return {
    /** better-auth's user and session tables (roles, bans), bound to the same connection or transaction. */
    accounts: createAccountsRepository(db),

    /**
     * The listing, if it exists. `lock`: on PostgreSQL, held until the transaction ends, so
     * reports of one listing are counted one at a time (SQLite runs one writer at a time anyway).
     */
    async findListing(id: string, options: { lock?: boolean } = {}): Promise<ModeratedListing | null> {
      let query = listings().where("listing.id", "=", id);
      if (options.lock && dialect === "postgres") query = query.forUpdate("listing");
      const row = await query.executeTakeFirst();
      return row ? toModeratedListing(row) : null;
    },

    /** False when this reporter has already reported this listing. */
    async insertReport(row: ListingReportTable): Promise<boolean> {
      const result = await db
        .insertInto("listing_report")
        .values(row)
        .onConflict((oc) => oc.columns(["listing_id", "reporter_key"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async hasReported(listingId: string, reporterKey: string): Promise<boolean> {
      const row = await db
        .selectFrom("listing_report")
        .select("id")
        .where("listing_id", "=", listingId)
        .where("reporter_key", "=", reporterKey)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Reports this reporter sent since `since` (epoch ms), for the rate limit. */
    async countReportsSince(reporterKey: string, since: number): Promise<number> {
      const row = await db
        .selectFrom("listing_report")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("reporter_key", "=", reporterKey)
        .where("created_at", ">=", since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Different people with an open report of the listing. */
    async countOpenReporters(listingId: string): Promise<number> {
      const row = await db
        .selectFrom("listing_report")
        .select((eb) => eb.fn.count<number | string>("reporter_key").distinct().as("n"))
        .where("listing_id", "=", listingId)
        .where("resolved_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Closes the listing's open reports; returns how many there were. */
    async resolveOpenReports(listingId: string, at: number, resolution: "dismissed" | "actioned"): Promise<number> {
      const result = await db
        .updateTable("listing_report")
        .set({ resolved_at: at, resolution })
        .where("listing_id", "=", listingId)
        .where("resolved_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Hides a listing buyers can see, or changes the reason of one already hidden. */
    async hideListing(listingId: string, hiding: { at: number; reason: string; cause: HiddenCause }): Promise<void> {
      await db
        .updateTable("listing")
        .set((eb) => ({
          hidden_at: eb.fn.coalesce("hidden_at", sql.lit(hiding.at)),
          hidden_reason: hiding.reason,
          hidden_cause: hiding.cause,
        }))
        .where("id", "=", listingId)
        .execute();
    },

    /** Buyers may see it again (as its seller left it: active or sold); a review may be asked for next time. */
    async showListing(listingId: string): Promise<void> {
      await db
        .updateTable("listing")
        .set({ hidden_at: null, hidden_reason: null, hidden_cause: null, review_requested_at: null })
        .where("id", "=", listingId)
        .execute();
    },

    /** Hides every listing of the seller's that buyers can see; returns their ids. */
    async hideSellerListings(sellerId: string, hiding: { at: number; reason: string }): Promise<string[]> {
      const rows = await db.selectFrom("listing").select("id").where("seller_id", "=", sellerId).where("hidden_at", "is", null).execute();
      if (!rows.length) return [];
      await db
        .updateTable("listing")
        .set({ hidden_at: hiding.at, hidden_reason: hiding.reason, hidden_cause: "ban" })
        .where("seller_id", "=", sellerId)
        .where("hidden_at", "is", null)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Shows again the seller's listings that their ban hid (not those hidden for their own reasons). */
    async showBannedSellerListings(sellerId: string): Promise<number> {
      const result = await db
        .updateTable("listing")
        .set({ hidden_at: null, hidden_reason: null, hidden_cause: null, review_requested_at: null })
        .where("seller_id", "=", sellerId)
        .where("hidden_cause", "=", "ban")
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Hides, for `cause`, every listing of the seller's that buyers can see (a listing hidden for
     * another reason keeps it); returns how many.
     */
    async hideSellerListingsFor(sellerId: string, hiding: { at: number; reason: string; cause: "unverified" }): Promise<number> {
      const result = await db
        .updateTable("listing")
        .set({ hidden_at: hiding.at, hidden_reason: hiding.reason, hidden_cause: hiding.cause })
        .where("seller_id", "=", sellerId)
        .where("hidden_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Shows again the listings hidden for `cause`: one seller's, or everyone's (no `sellerId`);
     * returns their ids, for their alerts.
     */
    async showListingsHiddenFor(cause: "unverified", sellerId?: string): Promise<string[]> {
      let shown = db
        .updateTable("listing")
        .set({ hidden_at: null, hidden_reason: null, hidden_cause: null, review_requested_at: null })
        // listing_hidden_idx (partial on hidden_at) finds the few hidden listings.
        .where("hidden_at", "is not", null)
        .where("hidden_cause", "=", cause);
      if (sellerId !== undefined) shown = shown.where("seller_id", "=", sellerId);
      const rows = await shown.returning("id").execute();
      return rows.map((row) => row.id);
    },

    /** The seller's one request for a review of a hidden listing; false if already asked or not hidden. */
    async requestReview(listingId: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable("listing")
        .set({ review_requested_at: at })
        .where("id", "=", listingId)
        .where("hidden_at", "is not", null)
        .where("review_requested_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * The queue, a page at a time. "open": listings with open reports (optionally of one reason),
     * most reporters first, then oldest. "review": hidden listings whose seller asked for a review,
     * oldest request first. "hidden": every hidden listing, longest hidden first.
     */
    async queue(options: {
      view: QueueView;
      reason?: ReportReason;
      limit: number;
      offset: number;
    }): Promise<{ entries: QueueEntry[]; total: number }> {
      const open = db.selectFrom("listing_report").where("resolved_at", "is", null);
      let ids: Array<{ id: string; since: number }>;
      let total: number;
      if (options.view === "open") {
        let grouped = open
          .select([
            "listing_id",
            (eb) => eb.fn.min<number | string>("created_at").as("oldest"),
            (eb) => eb.fn.count<number | string>("reporter_key").distinct().as("reporters"),
            (eb) =>
              eb.fn
                .max<number | string>(
                  eb
                    .case()
                    .when("reason", "in", [...SCAM_REASONS])
                    .then(1)
                    .else(0)
                    .end(),
                )
                .as("scam"),
          ])
          .groupBy("listing_id");
        if (options.reason) {
          const reason = options.reason;
          grouped = grouped.having((eb) => eb.fn.sum<number | string>(eb.case().when("reason", "=", reason).then(1).else(0).end()), ">", 0);
        }
        const [rows, count] = await Promise.all([
          grouped
            .orderBy("scam", "desc")
            .orderBy("reporters", "desc")
            .orderBy("oldest", "asc")
            .orderBy("listing_id")
            .limit(options.limit)
            .offset(options.offset)
            .execute(),
          db
            .selectFrom(grouped.as("g"))
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow(),
        ]);
        ids = rows.map((row) => ({ id: row.listing_id, since: Number(row.oldest) }));
        total = Number(count.n);
      } else {
        let hidden = db.selectFrom("listing").where("hidden_at", "is not", null);
        if (options.view === "review") hidden = hidden.where("review_requested_at", "is not", null);
        const order = options.view === "review" ? "review_requested_at" : "hidden_at";
        const [rows, count] = await Promise.all([
          hidden.select(["id", order]).orderBy(order, "asc").orderBy("id").limit(options.limit).offset(options.offset).execute(),
          hidden.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
        ]);
        ids = rows.map((row) => ({ id: row.id, since: Number((row as Record<string, unknown>)[order]) }));
        total = Number(count.n);
      }
      const found = await listingsByIds(ids.map((row) => row.id));
      const counts = ids.length
        ? await open
            .select(["listing_id", "reason", "reporter_key"])
            .where(
              "listing_id",
              "in",
              ids.map((row) => row.id),
            )
            .execute()
        : [];
      const entries: QueueEntry[] = [];
      for (const { id, since } of ids) {
        const listing = found.get(id);
        const mine = counts.filter((row) => row.listing_id === id);
        const reasons: QueueEntry["reasons"] = {};
        for (const row of mine) reasons[row.reason as ReportReason] = (reasons[row.reason as ReportReason] ?? 0) + 1;
        entries.push({
          // A listing its seller deleted keeps its reports: the queue still names the seller.
          ...(listing ?? deletedListing(id, await sellerOfReports(id))),
          deleted: !listing,
          openReports: mine.length,
          reporters: new Set(mine.map((row) => row.reporter_key)).size,
          since,
          reasons,
          scam: mine.some((row) => SCAM_REASONS.has(row.reason as ReportReason)),
        });
      }
      return { entries, total };
    },

    /** Every report of the listing, newest first (who sent them is not read). */
    async reportsOf(listingId: string, limit: number): Promise<ReportRecord[]> {
      const rows = await db
        .selectFrom("listing_report")
        .select(["id", "reason", "details", "created_at", "resolved_at", "resolution", "reporter_id"])
        .where("listing_id", "=", listingId)
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        reason: row.reason as ReportReason,
        details: row.details,
        createdAt: Number(row.created_at),
        resolvedAt: numberOrNull(row.resolved_at),
        resolution: row.resolution,
        signedIn: row.reporter_id !== null,
      }));
    },

    /**
     * The number's block, if any. On PostgreSQL the number is locked (a transaction-level advisory
     * lock on its hash) until the transaction ends, so reports of one number's listings are
     * counted one at a time (SQLite has one writer). No row is written for a number not blocked:
     * a number is kept only once it is blocked (decision 056).
     */
    async lockPhone(phone: string): Promise<{ blocked: boolean; liftedAt: number | null }> {
      if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtextextended(${`phone_block:${phone}`}, 0))`.execute(db);
      const row = await db.selectFrom("phone_block").select(["blocked_at", "lifted_at"]).where("phone", "=", phone).executeTakeFirst();
      return { blocked: row !== undefined && row.blocked_at !== null, liftedAt: row ? numberOrNull(row.lifted_at) : null };
    },

    isPhoneBlocked: (phone: string) => isPhoneBlocked(db, phone),

    /**
     * Different people who reported listings carrying this number for a scam reason, counting
     * reports still open or acted on (not those a moderator dismissed), sent after `after`.
     */
    async countScamReporters(phone: string, after: number | null): Promise<number> {
      let query = db
        .selectFrom("listing_report")
        .select((eb) => eb.fn.count<number | string>("reporter_key").distinct().as("n"))
        .where("seller_phone", "=", phone)
        .where("reason", "in", [...SCAM_REASONS])
        .where((eb) => eb.or([eb("resolution", "is", null), eb("resolution", "=", "actioned")]));
      if (after !== null) query = query.where("created_at", ">", after);
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async setPhoneBlocked(phone: string, change: { blockedAt: number } | { liftedAt: number }): Promise<void> {
      if ("blockedAt" in change) {
        await db
          .insertInto("phone_block")
          .values({ phone, blocked_at: change.blockedAt, lifted_at: null })
          .onConflict((oc) => oc.column("phone").doUpdateSet({ blocked_at: change.blockedAt }))
          .execute();
      } else {
        await db.updateTable("phone_block").set({ blocked_at: null, lifted_at: change.liftedAt }).where("phone", "=", phone).execute();
      }
    },

    /** Hides every listing buyers can see whose seller has this number; returns how many. */
    async hidePhoneListings(phone: string, hiding: { at: number; reason: string }): Promise<number> {
      const result = await db
        .updateTable("listing")
        .set({ hidden_at: hiding.at, hidden_reason: hiding.reason, hidden_cause: "phone" })
        .where("seller_id", "in", (eb) => eb.selectFrom("user").select("id").where("phone", "=", phone))
        .where("hidden_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Shows again the listings the number's block hid, of sellers who still have it; returns their ids. */
    async showPhoneListings(phone: string): Promise<string[]> {
      const rows = await db
        .selectFrom("listing")
        .select("id")
        .where("seller_id", "in", (eb) => eb.selectFrom("user").select("id").where("phone", "=", phone))
        .where("hidden_cause", "=", "phone")
        .execute();
      if (!rows.length) return [];
      await db
        .updateTable("listing")
        .set({ hidden_at: null, hidden_reason: null, hidden_cause: null, review_requested_at: null })
        .where(
          "id",
          "in",
          rows.map((row) => row.id),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    /** Numbers blocked now, newest block first, with how many accounts have each. */
    async listBlockedPhones(limit: number): Promise<BlockedPhone[]> {
      const rows = await db
        .selectFrom("phone_block")
        .leftJoin("user", "user.phone", "phone_block.phone")
        .select(["phone_block.phone", "phone_block.blocked_at", (eb) => eb.fn.count<number | string>("user.id").as("accounts")])
        .where("phone_block.blocked_at", "is not", null)
        .groupBy(["phone_block.phone", "phone_block.blocked_at"])
        .orderBy("phone_block.blocked_at", "desc")
        .orderBy("phone_block.phone")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ phone: row.phone, blockedAt: Number(row.blocked_at), accounts: Number(row.accounts) }));
    },

    async appendAudit(entry: NewAuditEntry): Promise<void> {
      await db.insertInto("moderation_audit").values(entry).execute();
    },

    /** The audit log, newest first; optionally about one listing or person. */
    async auditLog(options: {
      limit: number;
      offset: number;
      target?: { type: "listing" | "person" | "phone"; id: string };
    }): Promise<{ entries: AuditEntry[]; total: number }> {
      let query = db.selectFrom("moderation_audit");
      if (options.target) query = query.where("target_type", "=", options.target.type).where("target_id", "=", options.target.id);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(options.limit).offset(options.offset).execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return {
        entries: rows.map((row) => ({
          id: Number(row.id),
          at: Number(row.at),
          actorId: row.actor_id,
          actorName: row.actor_name,
          action: row.action,
          targetType: row.target_type,
          targetId: row.target_id,
          targetLabel: row.target_label,
          reason: row.reason,
        })),
        total: Number(count.n),
      };
    },

    /** How many of the seller's listings exist, and how many are hidden. */
    async countSellerListings(sellerId: string): Promise<{ total: number; hidden: number }> {
      const row = await db
        .selectFrom("listing")
        .select((eb) => [eb.fn.countAll<number | string>().as("total"), eb.fn.count<number | string>("hidden_at").as("hidden")])
        .where("seller_id", "=", sellerId)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), hidden: Number(row.hidden) };
    },
  };
}

/** Stands in for a listing its seller deleted after it was reported. */
function deletedListing(id: string, seller: { sellerId: string; sellerName: string | null } | null): ModeratedListing {
  return {
    id,
    name: "",
    sellerId: seller?.sellerId ?? "",
    sellerName: seller?.sellerName ?? null,
    sellerPhone: null,
    status: "sold",
    expiresAt: 0,
    hiddenAt: null,
    hiddenReason: null,
    hiddenCause: null,
    reviewRequestedAt: null,
  };
}
