/**
 * Saved listings (issue 24, decision 023) on each engine: save once, unsave, hearts for a page,
 * the list newest first with what became of each listing (sold, expired, hidden, deleted), only
 * one's own rows, the cap, and account deletion. Real services on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupSchema } from "../../core/accounts/account-forms";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { createSavedListingsRepository } from "./saved-listings.repository";
import { createSavedListingsService } from "./saved-listings.service";
import { createListingsRepository } from "../listings/listings.repository";

const DAY = 86_400_000;

describe.each(testEngines())("saved listings on %s", (engine) => {
  let t: TestServices;
  let seller: { id: string };
  let buyer: { id: string };
  let other: { id: string };
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestServices({ engine });
    seller = { id: (await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers())).id };
    buyer = { id: (await t.accounts.signUp({ ...makeSeller(2), phone: "+919876543211" }, new Headers())).id };
    other = { id: (await t.accounts.signUp({ ...makeSeller(3), phone: "+919876543212" }, new Headers())).id };
    photo = await makeProducePhoto("vegetables", 1, { width: 160, height: 120 });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function list(name: string, category = "vegetables") {
    t.clock.now += 60_000;
    const { id } = await t.listings.createListing({
      actor: seller,
      fields: listingFields({ name, category }),
      photos: [{ bytes: photo, fileName: "a.jpg" }],
    });
    return id;
  }

  it("saves once however often it is pressed, shows hearts only for the saver, and unsaves", async () => {
    const onion = await list("Nashik Onion");
    const potato = await list("Agra Potato");
    await t.savedListings.saveListing({ actor: buyer, listingId: onion });
    await t.savedListings.saveListing({ actor: buyer, listingId: onion.toUpperCase() });
    expect(await t.savedListings.savedIds({ actor: buyer, listingIds: [onion, potato] })).toEqual(new Set([onion]));
    expect(await t.savedListings.savedIds({ actor: other, listingIds: [onion, potato] })).toEqual(new Set());
    expect(await t.savedListings.savedIds({ actor: null, listingIds: [onion] })).toEqual(new Set());
    expect((await t.savedListings.listSaved({ actor: buyer, page: 1 })).total).toBe(1);

    // Someone else's "remove" touches only their own (empty) list.
    await t.savedListings.unsaveListing({ actor: other, listingId: onion });
    expect((await t.savedListings.listSaved({ actor: buyer, page: 1 })).total).toBe(1);
    await t.savedListings.unsaveListing({ actor: buyer, listingId: onion });
    expect((await t.savedListings.listSaved({ actor: buyer, page: 1 })).total).toBe(0);
  });

  it("asks someone signed out to log in, and refuses unknown, malformed and hidden listings", async () => {
    const listing = await list("Hidden Garlic");
    await expect(t.savedListings.saveListing({ actor: null, listingId: listing })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
      message: "You must login first",
    });
    await expect(t.savedListings.listSaved({ actor: null, page: 1 })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(t.savedListings.saveListing({ actor: buyer, listingId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(t.savedListings.saveListing({ actor: buyer, listingId: "'; drop table saved_listing; --" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await t.db.kysely.updateTable("listing").set({ hidden_at: t.clock.now, hidden_cause: "moderator" }).where("id", "=", listing).execute();
    await expect(t.savedListings.saveListing({ actor: buyer, listingId: listing })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lists newest saved first, each saying what it is now: active, sold, expired, no longer available", async () => {
    const who = {
      id: (await t.accounts.signUp(signupSchema.parse(makeSeller(40, { email: "lister@example.in", phone: "9123456740" })), new Headers()))
        .id,
    };
    const active = await list("Fresh Tomato");
    const sold = await list("Sold Brinjal");
    const expiring = await list("Old Cabbage");
    const hidden = await list("Hidden Okra");
    const deleted = await list("Deleted Peas");
    for (const id of [active, sold, expiring, hidden, deleted]) {
      t.clock.now += 1_000;
      await t.savedListings.saveListing({ actor: who, listingId: id });
    }
    await t.listings.markSold({ actor: seller, id: sold });
    await t.db.kysely.updateTable("listing").set({ hidden_at: t.clock.now, hidden_cause: "moderator" }).where("id", "=", hidden).execute();
    await t.listings.deleteListing({ actor: seller, id: deleted });
    await t.db.kysely
      .updateTable("listing")
      .set({ expires_at: t.clock.now - DAY })
      .where("id", "=", expiring)
      .execute();

    const page = await t.savedListings.listSaved({ actor: who, page: 1 });
    expect(page.items.map((item) => [item.name, item.status])).toEqual([
      ["Deleted Peas", "unavailable"],
      ["Hidden Okra", "unavailable"],
      ["Old Cabbage", "expired"],
      ["Sold Brinjal", "sold"],
      ["Fresh Tomato", "active"],
    ]);
    // Nothing of a hidden or deleted listing is shown but its name.
    expect(page.items[0]!.listing).toBeNull();
    expect(page.items[1]!.listing).toBeNull();
    expect(page.items[3]!.listing).toMatchObject({ id: sold, name: "Sold Brinjal" });
  });

  it("keeps at most the configured number, and saving one already saved at the cap is fine", async () => {
    const capped = createSavedListingsService({
      repository: createSavedListingsRepository(t.db.kysely),
      listings: createListingsRepository(t.db.kysely),
      maxSaved: 2,
      now: () => t.clock.now,
    });
    const who = {
      id: (await t.accounts.signUp(signupSchema.parse(makeSeller(41, { email: "capped@example.in", phone: "9123456741" })), new Headers()))
        .id,
    };
    const [a, b, c] = [await list("Cap One"), await list("Cap Two"), await list("Cap Three")];
    await capped.saveListing({ actor: who, listingId: a });
    await capped.saveListing({ actor: who, listingId: b });
    await capped.saveListing({ actor: who, listingId: b });
    await expect(capped.saveListing({ actor: who, listingId: c })).rejects.toMatchObject({
      code: "BAD_INPUT",
      message: "You have saved 2 listings, the most we keep. Please remove one first.",
    });
  });

  it("go with the account that saved them", async () => {
    const person = signupSchema.parse(makeSeller(42, { email: "leaving-saver@example.in", phone: "9123456742" }));
    const { id } = await t.accounts.signUp(person, new Headers());
    const cookie = (await t.accounts.signIn(person, new Headers()))
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const listing = await list("Leaving Lemon");
    await t.savedListings.saveListing({ actor: { id }, listingId: listing });
    await t.accountDeletion.deleteAccount({
      actor: { id, email: person.email, name: person.name } as never,
      password: person.password,
      requestHeaders: new Headers({ cookie }),
    });
    expect(await t.db.kysely.selectFrom("saved_listing").select("id").where("user_id", "=", id).execute()).toEqual([]);
  });
});
