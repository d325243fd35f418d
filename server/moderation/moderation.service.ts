/**
 * Trust and safety (decision 014): reports from anyone, the moderators' queue and actions, bans,
 * roles, and the append-only audit log. Every staff action checks the actor's role here, not only
 * in the route, and anyone who is not staff is told the thing does not exist (404).
 */
import { createHmac, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { AppError } from "../../core/shared/app-error";
import { PAGE_SIZE } from "../../core/shared/constants";
import { LISTING_MESSAGES } from "../../core/i18n/messages";
import { requireActor } from "../../core/accounts/policies";
import {
  MODERATION_MESSAGES,
  PHONE_BLOCK_REPORTERS,
  SCAM_REASONS,
  SYSTEM_ACTORS,
  type ReportReason,
} from "../../core/moderation/moderation";
import { formatPhone, normalisePhone } from "../../core/shared/phone";
import { isAdmin, isStaff, type Role } from "../../core/accounts/roles";
import type { PersonRecord } from "../auth/accounts.repository";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import type {
  AuditEntry,
  BlockedPhone,
  BoundModerationRepository,
  ModeratedListing,
  ModerationRepository,
  QueueEntry,
  QueueView,
  ReportRecord,
} from "./moderation.repository";

/** Who acts: a signed-in person with their role, or the command line (`npm run admin:grant`). */
export type ModerationActor = { id: string; name: string; role: Role } | { commandLine: true };

/** Who reports: a signed-in person, else the address the report came from. */
export type Reporter = { userId: string } | { address: string };

export interface ModerationSettings {
  /** Reports from this many different people hide a listing until a moderator looks (0: never). */
  reportsToHide: number;
  /** Reports one person (or one address, signed out) may send in an hour. */
  reportsPerHour: number;
  /**
   * Different people whose scam reports, of listings carrying one number, block it (decision 056);
   * PHONE_BLOCK_REPORTERS when not given, 0: never.
   */
  reportersToBlockPhone?: number;
}

const HOUR_MS = 3_600_000;
/** Most reports a listing's page in the back office shows. */
const REPORTS_SHOWN = 200;
/** Most staff or banned people the people page lists. */
const PEOPLE_SHOWN = 200;

const NOT_FOUND = "We could not find that page.";

export interface ListingCase {
  listing: ModeratedListing;
  /** Its seller, for a ban from the same page; null if their account is gone. */
  seller: PersonRecord | null;
  reports: ReportRecord[];
  history: AuditEntry[];
}

export function createModerationService(deps: {
  repository: ModerationRepository;
  settings: ModerationSettings;
  /** Keys the hash that stands for a signed-out reporter's address (the address is never kept). */
  secret: string;
  logger: Logger;
  now?: () => number;
  /**
   * Told when a restored listing is live again, for saved-search alerts (decision 022): it queues
   * them in `within`, the restore's transaction (decision 044).
   */
  onListingLive?: (listingId: string, within: Kysely<Database>) => Promise<void>;
  /**
   * With REQUIRE_VERIFIED_PHONE on: whether a seller's phone is verified. A listing a moderator
   * restores goes back to waiting, not live, while it is not (decision 061).
   */
  phoneVerified?: (sellerId: string) => Promise<boolean>;
}) {
  const { repository, settings, logger } = deps;
  const { accounts } = repository;
  const now = deps.now ?? Date.now;

  /** Staff only; to anyone else the back office does not exist. */
  function requireStaff(actor: ModerationActor | null): asserts actor is ModerationActor {
    if (!actor || !("commandLine" in actor || isStaff(actor.role))) throw new AppError("NOT_FOUND", NOT_FOUND);
  }

  function requireAdmin(actor: ModerationActor | null): asserts actor is ModerationActor {
    if (!actor || !("commandLine" in actor || isAdmin(actor.role))) throw new AppError("NOT_FOUND", NOT_FOUND);
  }

  const actorColumns = (actor: ModerationActor) =>
    "commandLine" in actor ? { actor_id: null, actor_name: SYSTEM_ACTORS.commandLine } : { actor_id: actor.id, actor_name: actor.name };

  const reporterKey = (reporter: Reporter) =>
    "userId" in reporter
      ? `user:${reporter.userId}`
      : `address:${createHmac("sha256", deps.secret).update(reporter.address).digest("base64url").slice(0, 32)}`;

  async function listingOrNotFound(r: BoundModerationRepository, id: string, options?: { lock?: boolean }): Promise<ModeratedListing> {
    const listing = /^[0-9a-f-]{36}$/i.test(id) ? await r.findListing(id.toLowerCase(), options) : null;
    if (!listing) throw new AppError("NOT_FOUND", LISTING_MESSAGES.listingNotFound);
    return listing;
  }

  async function personOrNotFound(id: string): Promise<PersonRecord> {
    const person = id.length <= 64 ? await accounts.findPerson({ id }) : null;
    if (!person) throw new AppError("NOT_FOUND", MODERATION_MESSAGES.noSuchPerson);
    return person;
  }

  /** Open reports from `reportsToHide` different people hide the listing; true when they did. */
  async function hideIfReported(r: BoundModerationRepository, listing: ModeratedListing, at: number): Promise<boolean> {
    if (settings.reportsToHide <= 0) return false;
    const reporters = await r.countOpenReporters(listing.id);
    if (reporters < settings.reportsToHide) return false;
    await r.hideListing(listing.id, { at, reason: MODERATION_MESSAGES.autoHidden, cause: "reports" });
    await r.appendAudit({
      at,
      actor_id: null,
      actor_name: SYSTEM_ACTORS.automatic,
      action: "hide",
      target_type: "listing",
      target_id: listing.id,
      target_label: listing.name,
      reason: `Reported by ${reporters} different people`,
    });
    logger.info({ listingId: listing.id, reporters }, "listing hidden after reports");
    return true;
  }

  /**
   * A scam report of a listing carrying `phone` was just written: when `reportersToBlockPhone`
   * different people have now reported this number for a scam (since an admin last lifted its
   * block), the number is blocked, every listing of its accounts hidden, and the log says why.
   * True when this report blocked it.
   */
  async function blockPhoneIfReported(r: BoundModerationRepository, phone: string, at: number): Promise<boolean> {
    const threshold = settings.reportersToBlockPhone ?? PHONE_BLOCK_REPORTERS;
    if (threshold <= 0) return false;
    const block = await r.lockPhone(phone);
    if (block.blocked) return false;
    const reporters = await r.countScamReporters(phone, block.liftedAt);
    if (reporters < threshold) return false;
    await r.setPhoneBlocked(phone, { blockedAt: at });
    const hidden = await r.hidePhoneListings(phone, { at, reason: MODERATION_MESSAGES.phoneBlocked });
    await r.appendAudit({
      at,
      actor_id: null,
      actor_name: SYSTEM_ACTORS.automatic,
      action: "block-phone",
      target_type: "phone",
      target_id: phone,
      target_label: formatPhone(phone),
      reason: `Reported for scams by ${reporters} different people (${hidden} listing(s) hidden)`,
    });
    logger.info({ reporters, hidden }, "phone number blocked after scam reports");
    return true;
  }

  return {
    /**
     * A report from a buyer (signed in or not). One per person per listing: a second one is
     * thanked like the first and changes nothing. Reports from `reportsToHide` different people
     * hide the listing until a moderator looks. Says only whether buyers can still see it (which
     * anyone can find out by opening it), never who else reported.
     */
    async report(input: {
      listingId: string;
      reporter: Reporter;
      reason: ReportReason;
      details: string | null;
    }): Promise<{ stillShown: boolean }> {
      const key = reporterKey(input.reporter);
      const at = now();
      return repository.transaction(async (r) => {
        const listing = await listingOrNotFound(r, input.listingId, { lock: true });
        // A hidden listing is not shown to buyers, so there is nothing for them to report.
        if (listing.hiddenAt !== null) throw new AppError("NOT_FOUND", LISTING_MESSAGES.listingNotFound);
        if ("userId" in input.reporter && input.reporter.userId === listing.sellerId)
          throw new AppError("BAD_INPUT", MODERATION_MESSAGES.ownListing, { field: "reason" });
        if (await r.hasReported(listing.id, key)) return { stillShown: true };
        if ((await r.countReportsSince(key, at - HOUR_MS)) >= settings.reportsPerHour) {
          throw new AppError("RATE_LIMITED", MODERATION_MESSAGES.tooManyReports, { field: "reason" });
        }
        const inserted = await r.insertReport({
          id: randomUUID(),
          listing_id: listing.id,
          seller_id: listing.sellerId,
          reporter_key: key,
          reporter_id: "userId" in input.reporter ? input.reporter.userId : null,
          reason: input.reason,
          details: input.details,
          created_at: at,
          resolved_at: null,
          resolution: null,
          seller_phone: listing.sellerPhone,
        });
        if (!inserted) return { stillShown: true };
        const hidden = await hideIfReported(r, listing, at);
        // A scam report also counts against the number the listing carries, across all its listings.
        const blocked =
          SCAM_REASONS.has(input.reason) && listing.sellerPhone !== null && (await blockPhoneIfReported(r, listing.sellerPhone, at));
        return { stillShown: !hidden && !blocked };
      });
    },

    /** The report queue, a page at a time (see the repository for each view's order). */
    async queue(input: {
      actor: ModerationActor | null;
      view: QueueView;
      reason?: ReportReason;
      page: number;
    }): Promise<{ entries: QueueEntry[]; total: number; page: number; pageCount: number }> {
      requireStaff(input.actor);
      const first = await repository.queue({
        view: input.view,
        reason: input.reason,
        limit: PAGE_SIZE,
        offset: (input.page - 1) * PAGE_SIZE,
      });
      const pageCount = Math.ceil(first.total / PAGE_SIZE);
      const page = Math.min(input.page, Math.max(pageCount, 1));
      const shown =
        page === input.page
          ? first
          : await repository.queue({ view: input.view, reason: input.reason, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
      return { entries: shown.entries, total: shown.total, page, pageCount };
    },

    /** One listing as a moderator weighs it: its state, every report, and what was done before. */
    async listingCase(input: { actor: ModerationActor | null; listingId: string }): Promise<ListingCase> {
      requireStaff(input.actor);
      const listing = await listingOrNotFound(repository, input.listingId);
      const [reports, history, seller] = await Promise.all([
        repository.reportsOf(listing.id, REPORTS_SHOWN),
        repository.auditLog({ limit: 50, offset: 0, target: { type: "listing", id: listing.id } }),
        accounts.findPerson({ id: listing.sellerId }),
      ]);
      return { listing, seller, reports, history: history.entries };
    },

    /** The reports were not right: they are closed, and a listing they hid automatically comes back. */
    async dismissReports(input: { actor: ModerationActor | null; listingId: string; note: string | null }): Promise<void> {
      requireStaff(input.actor);
      const actor = input.actor;
      await repository.transaction(async (r) => {
        const listing = await listingOrNotFound(r, input.listingId, { lock: true });
        const at = now();
        const closed = await r.resolveOpenReports(listing.id, at, "dismissed");
        if (listing.hiddenCause === "reports") await r.showListing(listing.id);
        await r.appendAudit({
          at,
          ...actorColumns(actor),
          action: "dismiss",
          target_type: "listing",
          target_id: listing.id,
          target_label: listing.name,
          reason: input.note ?? `${closed} report(s) dismissed`,
        });
      });
    },

    /** Hides the listing from buyers, with a reason its seller sees; its open reports are closed. */
    async hideListing(input: { actor: ModerationActor | null; listingId: string; reason: string }): Promise<void> {
      requireStaff(input.actor);
      const actor = input.actor;
      await repository.transaction(async (r) => {
        const listing = await listingOrNotFound(r, input.listingId, { lock: true });
        const at = now();
        await r.hideListing(listing.id, { at, reason: input.reason, cause: "moderator" });
        await r.resolveOpenReports(listing.id, at, "actioned");
        await r.appendAudit({
          at,
          ...actorColumns(actor),
          action: "hide",
          target_type: "listing",
          target_id: listing.id,
          target_label: listing.name,
          reason: input.reason,
        });
      });
    },

    /** Buyers see the listing again, as its seller left it; its open reports are closed. */
    async restoreListing(input: { actor: ModerationActor | null; listingId: string; note: string | null }): Promise<void> {
      requireStaff(input.actor);
      const actor = input.actor;
      // With REQUIRE_VERIFIED_PHONE on, a listing whose seller has no verified phone goes back to
      // waiting, not live: the moderator lifts their own hiding, not the operator's rule. Asked
      // before the transaction (SQLite's one connection is the transaction's until it ends).
      const sellerId = (await listingOrNotFound(repository, input.listingId)).sellerId;
      const waits = deps.phoneVerified !== undefined && !(await deps.phoneVerified(sellerId));
      await repository.transaction(async (r, trx) => {
        const listing = await listingOrNotFound(r, input.listingId, { lock: true });
        if (listing.hiddenAt === null) throw new AppError("CONFLICT", MODERATION_MESSAGES.notHidden);
        // Only its seller's verified phone shows a listing REQUIRE_VERIFIED_PHONE keeps waiting (decision 061).
        if (listing.hiddenCause === "unverified") throw new AppError("CONFLICT", MODERATION_MESSAGES.waitingForSellerPhone);
        const at = now();
        if (waits) await r.hideListing(listing.id, { at, reason: MODERATION_MESSAGES.waitingForPhone, cause: "unverified" });
        else await r.showListing(listing.id);
        await r.resolveOpenReports(listing.id, at, "dismissed");
        await r.appendAudit({
          at,
          ...actorColumns(actor),
          action: "restore",
          target_type: "listing",
          target_id: listing.id,
          target_label: listing.name,
          reason: input.note,
        });
        if (!waits) await deps.onListingLive?.(listing.id, trx);
      });
      // A phone verified between the question and the restore released nothing of this listing's:
      // release it now, so it is never left waiting for a phone that is verified.
      if (waits && (await deps.phoneVerified!(sellerId)))
        await repository.transaction(async (r, trx) => {
          for (const listingId of await r.showListingsHiddenFor("unverified", sellerId)) await deps.onListingLive?.(listingId, trx);
        });
    },

    /** The seller's one request to look again at their hidden listing. */
    async requestReview(input: { actor: { id: string } | null; listingId: string }): Promise<void> {
      requireActor(input.actor);
      const listing = await listingOrNotFound(repository, input.listingId);
      if (listing.sellerId !== input.actor.id) throw new AppError("NOT_FOUND", LISTING_MESSAGES.notYourListing);
      if (listing.hiddenAt === null) throw new AppError("CONFLICT", MODERATION_MESSAGES.notHidden);
      if (listing.hiddenCause === "ban") throw new AppError("CONFLICT", MODERATION_MESSAGES.bannedSeller);
      if (listing.hiddenCause === "phone") throw new AppError("CONFLICT", MODERATION_MESSAGES.phoneBlocked);
      // Verifying the phone shows it, not a moderator.
      if (listing.hiddenCause === "unverified") throw new AppError("CONFLICT", MODERATION_MESSAGES.waitingForPhone);
      if (!(await repository.requestReview(listing.id, now()))) throw new AppError("CONFLICT", MODERATION_MESSAGES.reviewAlreadyRequested);
    },

    /**
     * Bans a person: they cannot sign in, every session of theirs ends now (on every instance: the
     * sessions are rows), and their listings are hidden. One transaction with its audit entry.
     */
    async banPerson(input: { actor: ModerationActor | null; personId: string; reason: string }): Promise<void> {
      requireStaff(input.actor);
      const actor = input.actor;
      const person = await personOrNotFound(input.personId);
      if (isStaff(person.role)) throw new AppError("CONFLICT", MODERATION_MESSAGES.cannotBanStaff);
      if (person.banned) throw new AppError("CONFLICT", MODERATION_MESSAGES.alreadyBanned);
      await repository.transaction(async (r) => {
        const at = now();
        await r.accounts.setBanned(person.id, { reason: input.reason });
        const hidden = await r.hideSellerListings(person.id, { at, reason: MODERATION_MESSAGES.bannedSeller });
        await r.appendAudit({
          at,
          ...actorColumns(actor),
          action: "ban",
          target_type: "person",
          target_id: person.id,
          target_label: person.email,
          reason: `${input.reason} (${hidden.length} listing(s) hidden)`,
        });
      });
    },

    /** Lifts a ban: the person may sign in again, and the listings the ban hid come back. */
    async unbanPerson(input: { actor: ModerationActor | null; personId: string; note: string | null }): Promise<void> {
      requireStaff(input.actor);
      const actor = input.actor;
      const person = await personOrNotFound(input.personId);
      if (!person.banned) throw new AppError("CONFLICT", MODERATION_MESSAGES.notBanned);
      await repository.transaction(async (r) => {
        const at = now();
        await r.accounts.setBanned(person.id, null);
        const shown = await r.showBannedSellerListings(person.id);
        await r.appendAudit({
          at,
          ...actorColumns(actor),
          action: "unban",
          target_type: "person",
          target_id: person.id,
          target_label: person.email,
          reason: input.note ?? `${shown} listing(s) shown again`,
        });
      });
    },

    /**
     * Makes someone a moderator or a person again (admins, in the back office), or an admin (the
     * command line only: no page can make the first admin, and none makes more).
     */
    async setRole(input: { actor: ModerationActor | null; person: { id: string } | { email: string }; role: Role }): Promise<PersonRecord> {
      requireAdmin(input.actor);
      const actor = input.actor;
      if (!("commandLine" in actor) && input.role === "admin") throw new AppError("NOT_FOUND", NOT_FOUND);
      const person = "id" in input.person ? await personOrNotFound(input.person.id) : await accounts.findPerson(input.person);
      if (!person) throw new AppError("NOT_FOUND", MODERATION_MESSAGES.noSuchPerson);
      // An admin is changed only from the command line, so no admin can be locked out by another.
      if (!("commandLine" in actor) && person.role === "admin")
        throw new AppError("CONFLICT", "Admins are changed from the command line (npm run admin:revoke).");
      if (person.role === input.role) return person;
      await repository.transaction(async (r) => {
        // The role is one column; written with its audit entry in one transaction.
        await r.accounts.setRole(person.id, input.role);
        await r.appendAudit({
          at: now(),
          ...actorColumns(actor),
          action: `role:${input.role}`,
          target_type: "person",
          target_id: person.id,
          target_label: person.email,
          reason: `was ${person.role}`,
        });
      });
      return { ...person, role: input.role };
    },

    /** A person found by email, with their listings counted, for the people page. */
    async findPerson(input: {
      actor: ModerationActor | null;
      person: { id: string } | { email: string };
    }): Promise<(PersonRecord & { listings: { total: number; hidden: number } }) | null> {
      requireStaff(input.actor);
      if ("id" in input.person && input.person.id.length > 64) return null;
      const person = await accounts.findPerson(input.person);
      return person ? { ...person, listings: await repository.countSellerListings(person.id) } : null;
    },

    async listPeople(input: { actor: ModerationActor | null; which: "staff" | "banned" }): Promise<PersonRecord[]> {
      requireStaff(input.actor);
      return accounts.listPeople(input.which, PEOPLE_SHOWN);
    },

    /** Numbers reports blocked (decision 056), for staff. */
    async listBlockedPhones(input: { actor: ModerationActor | null }): Promise<BlockedPhone[]> {
      requireStaff(input.actor);
      return repository.listBlockedPhones(PEOPLE_SHOWN);
    },

    /**
     * An admin lifts a number's block: it may be used again, the listings the block hid come back
     * (their alerts are queued), and only reports sent from now on count towards blocking it again.
     */
    async liftPhoneBlock(input: { actor: ModerationActor | null; phone: string; reason: string }): Promise<{ shown: number }> {
      requireAdmin(input.actor);
      const actor = input.actor;
      const phone = normalisePhone(input.phone);
      if (!phone) throw new AppError("BAD_INPUT", MODERATION_MESSAGES.notBlocked, { field: "phone" });
      return repository.transaction(async (r, trx) => {
        const block = await r.lockPhone(phone);
        if (!block.blocked) throw new AppError("CONFLICT", MODERATION_MESSAGES.notBlocked, { field: "phone" });
        const at = now();
        await r.setPhoneBlocked(phone, { liftedAt: at });
        const shown = await r.showPhoneListings(phone);
        await r.appendAudit({
          at,
          ...actorColumns(actor),
          action: "unblock-phone",
          target_type: "phone",
          target_id: phone,
          target_label: formatPhone(phone),
          reason: input.reason,
        });
        for (const listingId of shown) await deps.onListingLive?.(listingId, trx);
        return { shown: shown.length };
      });
    },

    /**
     * A seller's phone was just verified (decision 061): the listings waiting for it go live in
     * `within`, the verification's own transaction, and their alerts are queued there, as a
     * moderator's restore queues them (the same path: the hiding axis cleared, `onListingLive`).
     * Returns how many went live.
     */
    async releaseWaitingListings(input: { sellerId: string; within: Kysely<Database> }): Promise<number> {
      const shown = await repository.within(input.within).showListingsHiddenFor("unverified", input.sellerId);
      for (const listingId of shown) await deps.onListingLive?.(listingId, input.within);
      if (shown.length) logger.info({ shown: shown.length }, "listings live after their seller's phone was verified");
      return shown.length;
    },

    /**
     * A seller's number changed, so it is no longer verified, with REQUIRE_VERIFIED_PHONE on: the
     * listings buyers could see wait again until the new number is verified (in `within`, the
     * change's transaction). Returns how many.
     */
    async holdUntilPhoneVerified(input: { sellerId: string; within: Kysely<Database> }): Promise<number> {
      return repository.within(input.within).hideSellerListingsFor(input.sellerId, {
        at: now(),
        reason: MODERATION_MESSAGES.waitingForPhone,
        cause: "unverified",
      });
    },

    /**
     * REQUIRE_VERIFIED_PHONE is off (it was on before): every listing still waiting goes live,
     * with its alerts, so turning the switch off leaves none stuck. Run at start-up; safe to run
     * on every instance at once (a listing is shown, and its alerts queued, by one of them).
     */
    async releaseAllWaitingListings(): Promise<number> {
      return repository.transaction(async (r, trx) => {
        const shown = await r.showListingsHiddenFor("unverified");
        for (const listingId of shown) await deps.onListingLive?.(listingId, trx);
        return shown.length;
      });
    },

    /** The audit log, newest first (admins only). */
    async auditLog(input: {
      actor: ModerationActor | null;
      page: number;
    }): Promise<{ entries: AuditEntry[]; total: number; page: number; pageCount: number }> {
      requireAdmin(input.actor);
      const limit = PAGE_SIZE * 2;
      const { entries, total } = await repository.auditLog({ limit, offset: (input.page - 1) * limit });
      return { entries, total, page: input.page, pageCount: Math.ceil(total / limit) };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
