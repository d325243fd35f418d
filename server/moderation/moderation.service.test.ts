/**
 * Trust and safety (issue 13, decision 014) through the real services on a real database (both
 * engines in CI): reports and their limits, automatic hiding, the queue, hide / restore / dismiss,
 * the seller's one review request, bans (sessions, sign-in, listings), roles, and an audit log
 * nothing can rewrite.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, type ReportReason } from "../../core/moderation/moderation";
import { type Role } from "../../core/accounts/roles";
import { browseQuerySchema } from "../../core/search/search-query";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import type { QueueView } from "./moderation.repository";

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe.each(testEngines())("on %s", (engine) => {
  let t: TestServices;
  let photo: Buffer;
  let n = 0;

  interface Person {
    id: string;
    email: string;
    password: string;
    name: string;
    session: Headers;
    role: Role;
  }

  beforeAll(async () => {
    t = await createTestServices({ engine, env: { REPORTS_TO_HIDE: "3", REPORTS_PER_HOUR: "4" } });
    photo = await makeProducePhoto("rice", 1, { width: 400, height: 300 });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function person(role: Role = "person"): Promise<Person> {
    n += 1;
    const data = { ...makeSeller(100 + n), phone: `+9198765${String(10000 + n).slice(-5)}` };
    const { id } = await t.accounts.signUp(data, new Headers());
    if (role !== "person") await t.moderation.setRole({ actor: { commandLine: true }, person: { id }, role });
    const session = new Headers({ cookie: cookieOf(await t.accounts.signIn(data, new Headers())) });
    return { id, email: data.email.toLowerCase(), password: data.password, name: data.name, session, role };
  }

  const actor = (p: Person) => ({ id: p.id, name: p.name, role: p.role });

  async function listing(seller: Person, name: string): Promise<string> {
    t.clock.now += 1_000;
    const { id } = await t.listings.createListing({
      actor: seller,
      fields: listingFields({ name, category: "rice", price: "60" }),
      photos: [{ bytes: photo, fileName: "rice.jpg" }],
    });
    return id;
  }

  /** Where a buyer could come across the listing. */
  async function publicPlaces(id: string, name: string, sellerId: string) {
    const [home, search, suggestions, sellerPage] = await Promise.all([
      t.search.getHomePage({ category: "all" }),
      t.search.browseListings(browseQuerySchema.parse({ q: name })),
      t.search.suggestListings(name),
      t.search.getSellerPage({ id: sellerId, page: 1 }).catch(() => null),
    ]);
    return {
      home: home.fresh.some((item) => item.id === id),
      search: search.items.some((item) => item.id === id),
      suggestions: suggestions.some((s) => s.name === name),
      sellerPage: Boolean(sellerPage?.items.some((item) => item.id === id)),
    };
  }

  /** Every page of a view of the queue (earlier tests leave reports of their own in it). */
  async function wholeQueue(moderator: Person, view: QueueView, reason?: ReportReason) {
    const entries = [];
    for (let page = 1; ; page++) {
      const got = await t.moderation.queue({ actor: actor(moderator), view, reason, page });
      entries.push(...got.entries);
      if (page >= got.pageCount) return entries;
    }
  }

  const auditOf = async (targetId: string) =>
    (await t.db.kysely.selectFrom("moderation_audit").selectAll().where("target_id", "=", targetId).orderBy("id").execute()).map((row) => ({
      actor: row.actor_name,
      action: row.action,
      reason: row.reason,
    }));

  it("takes one report per person per listing, signed in or not, never from its seller, and keeps no address", async () => {
    const seller = await person();
    const buyer = await person();
    const id = await listing(seller, `Reported Basmati ${engine}`);
    await t.moderation.report({ listingId: id, reporter: { userId: buyer.id }, reason: "price", details: null });
    t.clock.now += 1_000;
    // The same person again, and the same address twice: thanked, but stored once each.
    await t.moderation.report({ listingId: id, reporter: { userId: buyer.id }, reason: "scam", details: null });
    await t.moderation.report({ listingId: id, reporter: { address: "203.0.113.9" }, reason: "other", details: "Phone is switched off" });
    await t.moderation.report({ listingId: id, reporter: { address: "203.0.113.9" }, reason: "other", details: "Again" });
    const rows = await t.db.kysely.selectFrom("listing_report").selectAll().where("listing_id", "=", id).orderBy("created_at").execute();
    expect(rows.map((row) => [row.reason, row.details, row.reporter_id])).toEqual([
      ["price", null, buyer.id],
      ["other", "Phone is switched off", null],
    ]);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.9");

    await expect(
      t.moderation.report({ listingId: id, reporter: { userId: seller.id }, reason: "sold", details: null }),
    ).rejects.toMatchObject({
      code: "BAD_INPUT",
      message: MODERATION_MESSAGES.ownListing,
    });
    await expect(
      t.moderation.report({
        listingId: "00000000-0000-4000-8000-000000000000",
        reporter: { userId: buyer.id },
        reason: "sold",
        details: null,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("limits reports per account and, signed out, per address", async () => {
    const seller = await person();
    const buyer = await person();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await listing(seller, `Limit Rice ${engine} ${i}`));
    for (const id of ids.slice(0, 4))
      await t.moderation.report({ listingId: id, reporter: { userId: buyer.id }, reason: "price", details: null });
    await expect(
      t.moderation.report({ listingId: ids[4]!, reporter: { userId: buyer.id }, reason: "price", details: null }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    for (const id of ids.slice(0, 4))
      await t.moderation.report({ listingId: id, reporter: { address: "198.51.100.7" }, reason: "price", details: null });
    await expect(
      t.moderation.report({ listingId: ids[4]!, reporter: { address: "198.51.100.7" }, reason: "price", details: null }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // Another address is another person; an hour later the first may report again.
    await t.moderation.report({ listingId: ids[4]!, reporter: { address: "198.51.100.8" }, reason: "price", details: null });
    t.clock.now += 3_600_001;
    await t.moderation.report({ listingId: ids[5]!, reporter: { userId: buyer.id }, reason: "price", details: null });
  });

  it("hides a listing reported by 3 different people everywhere at once; its seller and staff still see it", async () => {
    const seller = await person();
    const moderator = await person("moderator");
    const name = `Auto Hidden Jeera Rice ${engine}`;
    const id = await listing(seller, name);
    const visible = { home: true, search: true, suggestions: true, sellerPage: true };
    expect(await publicPlaces(id, name, seller.id)).toEqual(visible);

    const reporters = [await person(), await person()];
    for (const reporter of reporters) {
      expect(await t.moderation.report({ listingId: id, reporter: { userId: reporter.id }, reason: "scam", details: null })).toEqual({
        stillShown: true,
      });
    }
    expect(await publicPlaces(id, name, seller.id)).toEqual(visible);
    expect(await t.moderation.report({ listingId: id, reporter: { address: "192.0.2.44" }, reason: "scam", details: null })).toEqual({
      stillShown: false,
    });

    expect(await publicPlaces(id, name, seller.id)).toEqual({ home: false, search: false, suggestions: false, sellerPage: false });
    await expect(t.listings.getListing(id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(t.listings.getListing(id, { viewer: async () => ({ id: reporters[0]!.id, role: "person" }) })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await t.listings.getListing(id, { viewer: async () => seller })).toMatchObject({
      status: "hidden",
      moderation: { cause: "reports", reason: MODERATION_MESSAGES.autoHidden },
    });
    expect(await t.listings.getListing(id, { viewer: async () => moderator })).toMatchObject({ status: "hidden" });
    expect(await auditOf(id)).toEqual([{ actor: "Automatic", action: "hide", reason: "Reported by 3 different people" }]);

    // My listings says so and why.
    const own = await t.listings.listOwnListings({ actor: seller, page: 1 });
    expect(own.items.find((item) => item.id === id)).toMatchObject({
      status: "hidden",
      moderation: { reason: MODERATION_MESSAGES.autoHidden, reviewRequestedAt: null },
    });
    // Nobody can report what buyers cannot see.
    await expect(
      t.moderation.report({ listingId: id, reporter: { address: "192.0.2.45" }, reason: "scam", details: null }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    // Dismissing the reports brings it back, and a fresh set of three is needed to hide it again.
    await t.moderation.dismissReports({ actor: actor(moderator), listingId: id, note: "Price is normal for Jeera rice" });
    expect(await publicPlaces(id, name, seller.id)).toEqual(visible);
    await t.moderation.report({ listingId: id, reporter: { address: "192.0.2.46" }, reason: "scam", details: null });
    expect(await publicPlaces(id, name, seller.id)).toEqual(visible);
  });

  it("orders the queue by how many people reported, then by the oldest report, and filters by reason and view", async () => {
    const seller = await person();
    const moderator = await person("moderator");
    const [older, busier, other] = [
      await listing(seller, `Queue A ${engine}`),
      await listing(seller, `Queue B ${engine}`),
      await listing(seller, `Queue C ${engine}`),
    ];
    await t.moderation.report({ listingId: older, reporter: { address: "10.1.0.1" }, reason: "price", details: null });
    t.clock.now += 1_000;
    await t.moderation.report({ listingId: other, reporter: { address: "10.1.0.2" }, reason: "offensive", details: null });
    for (const address of ["10.1.0.3", "10.1.0.4"])
      await t.moderation.report({ listingId: busier, reporter: { address }, reason: "category", details: null });

    const mine = (await wholeQueue(moderator, "open")).filter((entry) => [older, busier, other].includes(entry.id));
    expect(mine.map((entry) => [entry.id, entry.reporters])).toEqual([
      [busier, 2],
      [older, 1],
      [other, 1],
    ]);
    expect(mine[0]).toMatchObject({ name: `Queue B ${engine}`, sellerName: seller.name, reasons: { category: 2 }, deleted: false });
    const offensive = await wholeQueue(moderator, "open", "offensive");
    expect(offensive.map((entry) => entry.id)).toContain(other);
    expect(offensive.map((entry) => entry.id)).not.toContain(busier);

    // A listing deleted after it was reported stays in the queue, naming its seller.
    await t.listings.deleteListing({ actor: seller, id: other });
    const after = await wholeQueue(moderator, "open", "offensive");
    expect(after.find((entry) => entry.id === other)).toMatchObject({ deleted: true, sellerId: seller.id });
  });

  it("hides with a reason the seller sees, takes one review request, and restores the listing as the seller left it", async () => {
    const seller = await person();
    const moderator = await person("moderator");
    const name = `Hidden Toor Dal ${engine}`;
    const id = await listing(seller, name);
    await t.listings.markSold({ actor: seller, id });
    await t.moderation.report({ listingId: id, reporter: { address: "10.2.0.1" }, reason: "price", details: null });
    await t.moderation.hideListing({
      actor: actor(moderator),
      listingId: id,
      reason: "The price is per quintal, not per kg. Please fix it.",
    });
    const hidden = await t.listings.getListing(id, { viewer: async () => seller });
    expect(hidden).toMatchObject({
      status: "hidden",
      moderation: { cause: "moderator", reason: "The price is per quintal, not per kg. Please fix it." },
    });
    expect((await wholeQueue(moderator, "open")).map((e) => e.id)).not.toContain(id);

    // Only the seller asks, and only once.
    const stranger = await person();
    await expect(t.moderation.requestReview({ actor: stranger, listingId: id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await t.moderation.requestReview({ actor: seller, listingId: id });
    await expect(t.moderation.requestReview({ actor: seller, listingId: id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: MODERATION_MESSAGES.reviewAlreadyRequested,
    });
    expect((await wholeQueue(moderator, "review")).map((entry) => entry.id)).toContain(id);

    await t.moderation.restoreListing({ actor: actor(moderator), listingId: id, note: "Fixed" });
    // Sold before it was hidden, sold after: moderation gives back what the seller had.
    expect(await t.listings.getListing(id)).toMatchObject({ status: "sold", moderation: null });
    await expect(t.moderation.restoreListing({ actor: actor(moderator), listingId: id, note: null })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(t.moderation.requestReview({ actor: seller, listingId: id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: MODERATION_MESSAGES.notHidden,
    });
    expect(await auditOf(id)).toEqual([
      { actor: moderator.name, action: "hide", reason: "The price is per quintal, not per kg. Please fix it." },
      { actor: moderator.name, action: "restore", reason: "Fixed" },
    ]);
  });

  it("bans a seller: sessions end at once, sign-in is refused with a message, listings and page go; unban brings back what the ban hid", async () => {
    const seller = await person();
    const moderator = await person("moderator");
    const names = [`Banned Sona Masoori ${engine}`, `Banned Wheat ${engine}`];
    const [first, second] = [await listing(seller, names[0]!), await listing(seller, names[1]!)];
    await t.moderation.hideListing({ actor: actor(moderator), listingId: second, reason: "Offensive photo" });
    expect(await t.accounts.getSessionUser(seller.session)).toMatchObject({ id: seller.id, role: "person" });

    await t.moderation.banPerson({
      actor: actor(moderator),
      personId: seller.id,
      reason: "Asked buyers for an advance and did not deliver",
    });
    expect(await t.accounts.getSessionUser(seller.session)).toBeNull();
    const sessions = await sql<{ n: number | string }>`select count(*) as n from session where "userId" = ${seller.id}`.execute(
      t.db.kysely,
    );
    expect(Number(sessions.rows[0]!.n)).toBe(0);
    await expect(t.accounts.signIn(seller, new Headers())).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: MODERATION_MESSAGES.banned,
    });
    expect(await publicPlaces(first, names[0]!, seller.id)).toEqual({ home: false, search: false, suggestions: false, sellerPage: false });
    await expect(t.search.getSellerPage({ id: seller.id, page: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(t.moderation.banPerson({ actor: actor(moderator), personId: seller.id, reason: "again" })).rejects.toMatchObject({
      code: "CONFLICT",
    });

    await t.moderation.unbanPerson({ actor: actor(moderator), personId: seller.id, note: null });
    await t.accounts.signIn(seller, new Headers());
    expect(await publicPlaces(first, names[0]!, seller.id)).toMatchObject({ search: true, sellerPage: true });
    // The listing a moderator hid for its own reason stays hidden.
    await expect(t.listings.getListing(second)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await auditOf(seller.id)).map((entry) => entry.action)).toEqual(["ban", "unban"]);

    // Staff are not banned while they are staff.
    await expect(t.moderation.banPerson({ actor: actor(moderator), personId: moderator.id, reason: "x" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: MODERATION_MESSAGES.cannotBanStaff,
    });
  });

  it("lets only staff into the back office, and only admins manage moderators and read the audit log", async () => {
    const somebody = await person();
    const moderator = await person("moderator");
    const admin = await person("admin");
    const id = await listing(somebody, `Roles Rice ${engine}`);
    for (const who of [null, actor(somebody)]) {
      await expect(t.moderation.queue({ actor: who, view: "open", page: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(t.moderation.listingCase({ actor: who, listingId: id })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(t.moderation.hideListing({ actor: who, listingId: id, reason: "x" })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(t.moderation.banPerson({ actor: who, personId: moderator.id, reason: "x" })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(t.moderation.findPerson({ actor: who, person: { email: moderator.email } })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    for (const who of [null, actor(somebody), actor(moderator)]) {
      await expect(t.moderation.auditLog({ actor: who, page: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(t.moderation.setRole({ actor: who, person: { id: somebody.id }, role: "moderator" })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    // Admins make moderators, never admins; an admin is changed from the command line only.
    await t.moderation.setRole({ actor: actor(admin), person: { id: somebody.id }, role: "moderator" });
    expect(await t.accounts.getSessionUser(somebody.session)).toMatchObject({ role: "moderator" });
    await expect(t.moderation.setRole({ actor: actor(admin), person: { id: somebody.id }, role: "admin" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const otherAdmin = await person("admin");
    await expect(t.moderation.setRole({ actor: actor(admin), person: { id: otherAdmin.id }, role: "person" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await t.moderation.setRole({ actor: actor(admin), person: { id: somebody.id }, role: "person" });
    expect(await t.accounts.getSessionUser(somebody.session)).toMatchObject({ role: "person" });
    const log = await t.moderation.auditLog({ actor: actor(admin), page: 1 });
    expect(log.entries.filter((entry) => entry.targetId === somebody.id).map((entry) => [entry.actorName, entry.action])).toEqual([
      [admin.name, "role:person"],
      [admin.name, "role:moderator"],
    ]);
  });

  it("never takes a role or a ban from what a person sends to better-auth", async () => {
    const somebody = await person();
    const origin = new URL(t.config.baseUrl).origin;
    const post = (path: string, body: unknown, cookie?: string) =>
      t.auth.handler(
        new Request(`${origin}/api/auth${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        }),
      );
    for (const body of [{ role: "admin" }, { banned: false }, { banReason: "x" }, { name: "Renamed", role: "moderator" }]) {
      const response = await post("/update-user", body, somebody.session.get("cookie")!);
      expect(response.status).toBe(400);
    }
    // Sign-up ignores a role sent with it: the account is made, as a person.
    const signUp = await post("/sign-up/email", { ...makeSeller(999), phone: "+919876500999", role: "admin", banned: true });
    const made = ((await signUp.json()) as { user: { id: string } }).user;
    expect(await t.db.kysely.selectFrom("user").select(["role", "banned"]).where("id", "=", made.id).executeTakeFirst()).toMatchObject({
      role: "person",
      banned: engine === "sqlite" ? 0 : false,
    });
    expect(await t.accounts.getSessionUser(somebody.session)).toMatchObject({ role: "person", name: somebody.name });
  });

  it("keeps the audit log append-only in the database itself", async () => {
    const moderator = await person("moderator");
    const seller = await person();
    const id = await listing(seller, `Audit Rice ${engine}`);
    await t.moderation.hideListing({ actor: actor(moderator), listingId: id, reason: "Audit test" });
    const before = await auditOf(id);
    expect(before).toHaveLength(1);
    await expect(sql`update moderation_audit set reason = 'rewritten' where target_id = ${id}`.execute(t.db.kysely)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from moderation_audit where target_id = ${id}`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`delete from moderation_audit`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    expect(await auditOf(id)).toEqual(before);
  });
});
