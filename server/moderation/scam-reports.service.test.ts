/**
 * Scam reports that act, and listings that ask for money up front (issue 43, decision 056),
 * through the real services on a real database (PostgreSQL too when TEST_DATABASE_URL is set):
 * three different people block a number, a block hides every listing carrying it and refuses the
 * number to accounts, an admin lifts it; a listing with a UPI ID, a payment link or "advance
 * payment" waits for a moderator; scam reports come first in the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELD_MESSAGES, MODERATION_MESSAGES } from "../../core/moderation/moderation";
import { type Role } from "../../core/accounts/roles";
import { browseQuerySchema } from "../../core/search/search-query";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { isPhoneBlocked } from "./phone-blocks.repository";

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
    name: string;
    phone: string;
    session: Headers;
    role: Role;
  }

  beforeAll(async () => {
    // Listing-level hiding out of the way (0: never), so what is seen here is the number's block.
    t = await createTestServices({ engine, env: { REPORTS_TO_HIDE: "0", REPORTS_PER_HOUR: "50" } });
    photo = await makeProducePhoto("rice", 2, { width: 400, height: 300 });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function person(role: Role = "person", phone?: string): Promise<Person> {
    n += 1;
    const data = { ...makeSeller(500 + n), phone: phone ?? `+9197${String(10_000_000 + n * 37).slice(-8)}` };
    const { id } = await t.accounts.signUp(data, new Headers());
    if (role !== "person") await t.moderation.setRole({ actor: { commandLine: true }, person: { id }, role });
    const session = new Headers({ cookie: cookieOf(await t.accounts.signIn(data, new Headers())) });
    return { id, name: data.name, phone: data.phone, session, role };
  }

  const actor = (p: Person) => ({ id: p.id, name: p.name, role: p.role });

  async function listing(seller: Person, name: string, more: Record<string, string> = {}): Promise<string> {
    t.clock.now += 1_000;
    const { id } = await t.listings.createListing({
      actor: seller,
      fields: listingFields({ name, category: "rice", price: "60", ...more }),
      photos: [{ bytes: photo, fileName: "rice.jpg" }],
    });
    return id;
  }

  const inSearch = async (id: string, name: string) =>
    (await t.search.browseListings(browseQuerySchema.parse({ q: name }))).items.some((item) => item.id === id);
  const onSellerPage = async (id: string, sellerId: string) =>
    Boolean((await t.search.getSellerPage({ id: sellerId, page: 1 }).catch(() => null))?.items.some((item) => item.id === id));
  const phoneAudit = async (phone: string) =>
    (
      await t.db.kysely
        .selectFrom("moderation_audit")
        .selectAll()
        .where("target_type", "=", "phone")
        .where("target_id", "=", phone)
        .orderBy("id")
        .execute()
    ).map((row) => ({ actor: row.actor_name, action: row.action, reason: row.reason }));

  it("blocks a number when three different people report its listings for scams, not two, nor one person three times", async () => {
    const seller = await person();
    const name = `Scam Sona Masoori ${engine}`;
    const [first, second, third] = [
      await listing(seller, `${name} A`),
      await listing(seller, `${name} B`),
      await listing(seller, `${name} C`),
    ];
    const untouched = await listing(seller, `${name} D`);

    // One person, three listings of the number, three scam reasons: one person.
    const eager = await person();
    for (const [listingId, reason] of [
      [first, "advance"],
      [second, "payment-link"],
      [third, "impersonation"],
    ] as const) {
      expect(await t.moderation.report({ listingId, reporter: { userId: eager.id }, reason, details: null })).toEqual({ stillShown: true });
    }
    // One address signed out, twice: still one more person. Other reasons do not count at all.
    await t.moderation.report({ listingId: first, reporter: { address: "198.51.100.7" }, reason: "scam", details: null });
    await t.moderation.report({ listingId: second, reporter: { address: "198.51.100.7" }, reason: "advance", details: null });
    for (const reason of ["price", "category", "offensive"] as const)
      await t.moderation.report({ listingId: third, reporter: { userId: (await person()).id }, reason, details: null });
    expect(await isPhoneBlocked(t.db.kysely, seller.phone)).toBe(false);
    expect(await inSearch(untouched, `${name} D`)).toBe(true);

    // The third different person.
    const third_person = await person();
    expect(await t.moderation.report({ listingId: third, reporter: { userId: third_person.id }, reason: "scam", details: null })).toEqual({
      stillShown: false,
    });
    expect(await isPhoneBlocked(t.db.kysely, seller.phone)).toBe(true);
    // Every listing with the number is gone for buyers, the one nobody reported too.
    for (const [id, suffix] of [
      [first, "A"],
      [untouched, "D"],
    ] as const) {
      expect(await inSearch(id, `${name} ${suffix}`)).toBe(false);
      expect(await onSellerPage(id, seller.id)).toBe(false);
      await expect(t.listings.getListing(id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    // Its seller still sees why.
    expect(await t.listings.getListing(untouched, { viewer: async () => seller })).toMatchObject({
      status: "hidden",
      moderation: { cause: "phone", reason: MODERATION_MESSAGES.phoneBlocked },
    });
    expect(await phoneAudit(seller.phone)).toEqual([
      { actor: "Automatic", action: "block-phone", reason: "Reported for scams by 3 different people (4 listing(s) hidden)" },
    ]);
    // A listing the seller puts up now is hidden from the start.
    const later = await listing(seller, `${name} E`);
    expect(await inSearch(later, `${name} E`)).toBe(false);
    expect((await t.listings.getListing(later, { viewer: async () => seller })).moderation).toMatchObject({ cause: "phone" });
    // Many sign-ups, each a password hash (decision 041): slow on a busy machine.
  }, 60_000);

  it("refuses a blocked number at sign-up and as a new number, and an admin's lift brings everything back", async () => {
    const seller = await person();
    const name = `Blocked Then Lifted Kolam ${engine}`;
    const id = await listing(seller, name);
    for (let i = 0; i < 3; i++)
      await t.moderation.report({ listingId: id, reporter: { address: `198.51.100.${20 + i}` }, reason: "advance", details: null });
    expect(await isPhoneBlocked(t.db.kysely, seller.phone)).toBe(true);

    // Sign-up with the number (written any way) is refused beside the phone field, and nothing is made.
    const newcomer = { ...makeSeller(990), phone: seller.phone.replace("+91", "0") };
    await expect(t.accounts.signUp(newcomer, new Headers())).rejects.toMatchObject({
      code: "BAD_INPUT",
      message: MODERATION_MESSAGES.phoneBlockedForAccount,
      field: "phone",
    });
    expect(
      await t.db.kysely.selectFrom("user").select("id").where("email", "=", newcomer.email.toLowerCase()).executeTakeFirst(),
    ).toBeUndefined();
    // Nor can an existing account change to it.
    const other = await person();
    await expect(t.accounts.updateProfile({ phone: seller.phone }, other.session)).rejects.toMatchObject({
      code: "BAD_INPUT",
      message: MODERATION_MESSAGES.phoneBlockedForAccount,
    });
    expect((await t.db.kysely.selectFrom("user").select("phone").where("id", "=", other.id).executeTakeFirstOrThrow()).phone).toBe(
      other.phone,
    );

    // Staff see the number; only an admin may lift it, with a reason.
    const moderator = await person("moderator");
    const admin = await person("admin");
    expect((await t.moderation.listBlockedPhones({ actor: actor(moderator) })).map((b) => b.phone)).toContain(seller.phone);
    await expect(t.moderation.liftPhoneBlock({ actor: actor(moderator), phone: seller.phone, reason: "x" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(t.moderation.liftPhoneBlock({ actor: actor(admin), phone: other.phone, reason: "x" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: MODERATION_MESSAGES.notBlocked,
    });
    expect(
      await t.moderation.liftPhoneBlock({
        actor: actor(admin),
        phone: seller.phone,
        reason: "The seller showed his Aadhaar and mandi licence",
      }),
    ).toEqual({
      shown: 1,
    });
    expect(await isPhoneBlocked(t.db.kysely, seller.phone)).toBe(false);
    expect(await inSearch(id, name)).toBe(true);
    expect(await t.listings.getListing(id)).toMatchObject({ status: "active", moderation: null });
    expect(await phoneAudit(seller.phone)).toEqual([
      { actor: "Automatic", action: "block-phone", reason: "Reported for scams by 3 different people (1 listing(s) hidden)" },
      { actor: admin.name, action: "unblock-phone", reason: "The seller showed his Aadhaar and mandi licence" },
    ]);
    expect((await t.moderation.listBlockedPhones({ actor: actor(admin) })).map((b) => b.phone)).not.toContain(seller.phone);

    // The number may be used again; reports from before the lift no longer count.
    const { id: newcomerId } = await t.accounts.signUp({ ...makeSeller(991), phone: seller.phone }, new Headers());
    expect(newcomerId).toBeTruthy();
    await t.moderation.report({ listingId: id, reporter: { address: "198.51.100.30" }, reason: "scam", details: null });
    expect(await isPhoneBlocked(t.db.kysely, seller.phone)).toBe(false);
    // Many sign-ups, each a password hash (decision 041): slow on a busy machine.
  }, 60_000);

  it("shows scam reports first in the moderators' queue", async () => {
    const seller = await person();
    const moderator = await person("moderator");
    const plain = await listing(seller, `Queue Plain ${engine}`);
    const scam = await listing(seller, `Queue Scam ${engine}`);
    // The plain one has more reporters, and older ones; the scam one still comes first.
    for (const address of ["192.0.2.61", "192.0.2.62"])
      await t.moderation.report({ listingId: plain, reporter: { address }, reason: "price", details: null });
    t.clock.now += 1_000;
    await t.moderation.report({ listingId: scam, reporter: { address: "192.0.2.63" }, reason: "payment-link", details: null });
    const queue = await t.moderation.queue({ actor: actor(moderator), view: "open", page: 1 });
    const ids = queue.entries.map((entry) => entry.id);
    expect(ids.indexOf(scam)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(scam)).toBeLessThan(ids.indexOf(plain));
    expect(queue.entries.find((entry) => entry.id === scam)).toMatchObject({ scam: true, reasons: { "payment-link": 1 } });
    // Filtering by a new reason works like the old ones.
    const filtered = await t.moderation.queue({ actor: actor(moderator), view: "open", reason: "payment-link", page: 1 });
    expect(filtered.entries.map((entry) => entry.id)).toContain(scam);
    expect(filtered.entries.map((entry) => entry.id)).not.toContain(plain);
  });

  it("holds a listing asking for money up front, on creating and on editing, and shows its seller why", async () => {
    const seller = await person();
    const moderator = await person("moderator");
    const name = `Held Chana Dal ${engine}`;
    const id = await listing(seller, name, { description: "Best quality. GPay ramesh＠okaxis for booking" });
    expect(await inSearch(id, name)).toBe(false);
    await expect(t.listings.getListing(id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const own = await t.listings.listOwnListings({ actor: seller, page: 1 });
    expect(own.items.find((item) => item.id === id)).toMatchObject({
      status: "hidden",
      moderation: { cause: "held", reason: HELD_MESSAGES.upiId },
    });
    // It waits in the moderators' review queue.
    const review = await t.moderation.queue({ actor: actor(moderator), view: "review", page: 1 });
    expect(review.entries.map((entry) => entry.id)).toContain(id);

    // The seller takes the UPI ID out: buyers see it at once.
    const edit = (description: string, more: Record<string, string> = {}) =>
      t.listings.saveListing({
        actor: seller,
        id,
        fields: listingFields({ name, category: "rice", price: "60", description, ...more }),
        photos: [{ keep: own.items.find((item) => item.id === id)!.imageKey }],
      });
    await edit("Best quality, pay on delivery");
    expect(await inSearch(id, name)).toBe(true);
    // An edit that asks for an advance (in Hindi) holds it again, with that reason.
    await edit("अच्छी क्वालिटी। पहले पैसे भेजें");
    expect((await t.listings.getListing(id, { viewer: async () => seller })).moderation).toMatchObject({
      cause: "held",
      reason: HELD_MESSAGES.advance,
    });
    expect(await inSearch(id, name)).toBe(false);
    // A moderator who finds it fine restores it.
    await t.moderation.restoreListing({ actor: actor(moderator), listingId: id, note: "Token is the mandi's custom here" });
    expect(await inSearch(id, name)).toBe(true);

    // A payment link in the variety field is held too; an email address is not.
    const linked = await listing(seller, `Linked Toor ${engine}`, { description: "Fresh", variety: "razorpay.me/@kisan" });
    expect((await t.listings.getListing(linked, { viewer: async () => seller })).moderation).toMatchObject({
      reason: HELD_MESSAGES.paymentLink,
    });
    const emailed = `Emailed Toor ${engine}`;
    const fine = await listing(seller, emailed, { description: "Bulk orders: farmer@gmail.com. Advance booking available." });
    expect(await inSearch(fine, emailed)).toBe(true);
  });
});
