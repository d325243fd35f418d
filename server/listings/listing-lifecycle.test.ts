/**
 * A seller runs their stall (issue 10, decision 013): edit with photos kept, added, removed and
 * reordered; sold, available again, expiry and renew; delete leaving a 410; owner-only rules;
 * units and places. Real services on a real database (both engines in CI).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "../../core/shared/constants";
import { imageVariantKey } from "../../core/uploads/images";
import { browseQuerySchema } from "../../core/search/search-query";
import { suggestionHref } from "../../core/search/suggestions";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { storeUpload } from "../../tests/support/uploads";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { createListingSearchRepository } from "./listing-search.repository";

const DAY = 86_400_000;

describe.each(testEngines())("on %s", (engine) => {
  let t: TestServices;
  let seller: { id: string };
  let other: { id: string };
  const photos: Buffer[] = [];

  beforeAll(async () => {
    t = await createTestServices({ engine });
    seller = { id: (await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers())).id };
    other = { id: (await t.accounts.signUp({ ...makeSeller(2), phone: "+919876543211" }, new Headers())).id };
    for (let i = 0; i < 4; i++) photos.push(await makeProducePhoto("fruits", i, { width: 400, height: 300 }));
  });

  afterAll(async () => {
    await t.cleanup();
  });

  const variantsOf = async (imageKey: string) =>
    Promise.all(IMAGE_WIDTHS.map(async (w) => (await t.storage.get(imageVariantKey(imageKey, w))) !== null));
  const browse = (query: Record<string, string>) => t.search.browseListings(browseQuerySchema.parse(query));
  const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

  async function list(form: Record<string, string>, count = 1) {
    t.clock.now += 60_000;
    const { id } = await t.listings.createListing({
      actor: seller,
      fields: listingFields(form),
      photos: photos.slice(0, count).map((bytes, i) => ({ bytes, fileName: `IMG_${i}.jpg` })),
    });
    return t.listings.getListing(id);
  }

  /** Everything a buyer can reach a listing through, as ids or names. */
  async function publicPlaces(name: string) {
    const [home, search, suggestions, sellerPage] = await Promise.all([
      t.search.getHomePage({ category: "all" }),
      browse({ q: name }),
      t.search.suggestListings(name),
      t.search.getSellerPage({ id: seller.id, page: 1 }),
    ]);
    return {
      fresh: ids(home.fresh),
      quickMenu: ids(home.quickMenu),
      section: ids(home.categorySection!.items),
      search: ids(search.items),
      suggestions: suggestions.map((s) => s.name),
      sellerPage: ids(sellerPage.items),
    };
  }

  describe("status", () => {
    it("a fresh listing is active and expires after 15 days (fruit) or 60 (grain)", async () => {
      const mango = await list({ name: "Kesar Mango", category: "fruits" });
      const rice = await list({ name: "Kolam Rice", category: "rice" });
      expect(mango).toMatchObject({ status: "active", expiresAt: mango.createdAt + 15 * DAY });
      expect(rice).toMatchObject({ status: "active", expiresAt: rice.createdAt + 60 * DAY });
    });

    it("sold leaves home, search, suggestions and the seller's page at once; its page still answers, and available again brings it back", async () => {
      const listing = await list({ name: "Sold Out Jamun", category: "fruits" });
      const before = await publicPlaces("Sold Out Jamun");
      expect(before).toMatchObject({ search: [listing.id], suggestions: ["Sold Out Jamun"] });
      expect(before.fresh).toContain(listing.id);
      expect(before.sellerPage).toContain(listing.id);

      await t.listings.markSold({ actor: seller, id: listing.id });
      const after = await publicPlaces("Sold Out Jamun");
      for (const place of Object.values(after)) expect(place).not.toContain(listing.id);
      expect(after.suggestions).toEqual([]);
      expect(await t.listings.getListing(listing.id)).toMatchObject({ status: "sold" });

      await t.listings.markAvailable({ actor: seller, id: listing.id });
      expect((await publicPlaces("Sold Out Jamun")).search).toEqual([listing.id]);
    });

    it("expires at its time on every list, says so, and renewing gives a full period from now", async () => {
      const listing = await list({ name: "Expiring Lychee", category: "fruits" });
      t.clock.now = listing.expiresAt - 1;
      expect((await browse({ q: "Expiring Lychee" })).items).toHaveLength(1);
      t.clock.now = listing.expiresAt;
      expect(await publicPlaces("Expiring Lychee")).toMatchObject({ search: [], suggestions: [] });
      expect(await t.listings.getListing(listing.id)).toMatchObject({ status: "expired" });
      const mine = await t.listings.listOwnListings({ actor: seller, page: 1 });
      expect(mine.items.find((item) => item.id === listing.id)).toMatchObject({ status: "expired" });

      t.clock.now += DAY;
      await t.listings.renewListing({ actor: seller, id: listing.id });
      const renewed = await t.listings.getListing(listing.id);
      expect(renewed).toMatchObject({ status: "active", expiresAt: t.clock.now + 15 * DAY, createdAt: listing.createdAt });
      expect(ids((await browse({ q: "Expiring Lychee" })).items)).toEqual([listing.id]);
    });

    it("a suggestion counts only live listings, opens the live one when one is left, and goes with the last", async () => {
      const expiring = await list({ name: "Counted Kokum", category: "fruits" });
      t.clock.now += 5 * DAY;
      const sold = await list({ name: "Counted Kokum", category: "fruits" });
      const live = await list({ name: "Counted Kokum", category: "fruits" });
      const suggestion = async () => (await t.search.suggestListings("counted kok")).filter((s) => s.name === "Counted Kokum");
      expect(await suggestion()).toEqual([expect.objectContaining({ listingCount: 3, moreListings: false })]);

      await t.listings.markSold({ actor: seller, id: sold.id });
      t.clock.now = expiring.expiresAt;
      expect(await t.listings.getListing(expiring.id)).toMatchObject({ status: "expired" });
      // One of three is live: counted 1, and choosing it opens that listing, not a sold one.
      expect(await suggestion()).toEqual([expect.objectContaining({ listingCount: 1, listingId: live.id })]);
      expect(suggestionHref((await suggestion())[0]!)).toBe(`/view/${live.id}`);

      await t.listings.markSold({ actor: seller, id: live.id });
      expect(await suggestion()).toEqual([]);
    });

    it("counts a name's live listings only up to the cap, and says there are more", async () => {
      const repository = createListingSearchRepository(t.db.kysely, t.db.dialect);
      for (let i = 0; i < 3; i++) await list({ name: "Capped Karonda", category: "fruits" });
      const counted = await repository.countLiveListings(["capped karonda", "no such name"], t.clock.now, 2);
      expect([...counted.entries()]).toEqual([["capped karonda", { count: 2, listingId: expect.any(String) }]]);
    });

    it("a sold listing is not renewed: a clear 409, and it stays as it was (issue 42)", async () => {
      const listing = await list({ name: "Sold Renew Wheat", category: "wheat" });
      await t.listings.markSold({ actor: seller, id: listing.id });
      const before = await t.listings.getOwnListing({ actor: seller, id: listing.id });
      await expect(t.listings.renewListing({ actor: seller, id: listing.id })).rejects.toMatchObject({
        code: "CONFLICT",
        status: 409,
        message: "This listing is sold, so it cannot be renewed. Mark it available again first.",
      });
      expect(await t.listings.getOwnListing({ actor: seller, id: listing.id })).toMatchObject({
        status: "sold",
        expiresAt: before.expiresAt,
      });
    });

    it("renewing early never shortens what is left", async () => {
      const listing = await list({ name: "Early Renew Wheat", category: "wheat" });
      await t.listings.renewListing({ actor: seller, id: listing.id });
      expect((await t.listings.getListing(listing.id)).expiresAt).toBe(t.clock.now + 60 * DAY);
    });

    it("a sold or expired listing's page offers live listings of the same produce", async () => {
      const gone = await list({ name: "Nagpur Orange", category: "fruits" });
      const live = await list({ name: "Nagpur Orange", category: "fruits" });
      await t.listings.markSold({ actor: seller, id: gone.id });
      const alternatives = await t.search.findAlternatives(gone);
      expect(ids(alternatives)[0]).toBe(live.id);
      expect(ids(alternatives)).not.toContain(gone.id);
    });

    it("a deleted listing answers 410, not 404, and its photos' files are gone", async () => {
      const listing = await list({ name: "Deleted Guava", category: "fruits" }, 2);
      await t.listings.deleteListing({ actor: seller, id: listing.id });
      await expect(t.listings.getListing(listing.id)).rejects.toMatchObject({ code: "GONE", status: 410 });
      await expect(t.listings.getListing("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
      for (const photo of listing.photos) expect(await variantsOf(photo.imageKey)).toEqual([false, false, false]);
    });
  });

  describe("only the seller", () => {
    it("anyone else gets not found for every action and the listing does not change", async () => {
      const listing = await list({ name: "Guarded Ber", category: "fruits" });
      const actions = [
        (actor: { id: string } | null) => t.listings.markSold({ actor, id: listing.id }),
        (actor: { id: string } | null) => t.listings.markAvailable({ actor, id: listing.id }),
        (actor: { id: string } | null) => t.listings.renewListing({ actor, id: listing.id }),
        (actor: { id: string } | null) => t.listings.deleteListing({ actor, id: listing.id }),
        (actor: { id: string } | null) => t.listings.getOwnListing({ actor, id: listing.id }),
        (actor: { id: string } | null) =>
          t.listings.saveListing({
            actor,
            id: listing.id,
            fields: listingFields({ name: "Taken over", category: "fruits" }),
            photos: [{ keep: listing.imageKey }],
          }),
      ];
      for (const act of actions) {
        await expect(act(other)).rejects.toMatchObject({ code: "NOT_FOUND" });
        await expect(act(null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      }
      // A malformed id reads the same as someone else's.
      await expect(t.listings.markSold({ actor: seller, id: "../../etc" })).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(await t.listings.getListing(listing.id)).toEqual(listing);
    });
  });

  describe("edit", () => {
    it("changes the fields, keeps, adds, removes and reorders photos, then removes the files no longer used", async () => {
      const listing = await list({ name: "Banana", category: "fruits" }, 3);
      const [first, second, third] = listing.photos.map((photo) => photo.imageKey);
      const upload = await storeUpload(t, { ownerId: seller.id, bytes: photos[3]!, fileName: "new.jpg" });
      t.clock.now += 60_000;
      await t.listings.saveListing({
        actor: seller,
        id: listing.id,
        fields: listingFields({
          name: "Robusta Banana",
          category: "fruits",
          price: "60",
          unit: "dozen",
          unitKg: "1.5",
          quantity: "40",
          state: "karnataka",
          district: "kolar",
        }),
        photos: [{ keep: third! }, { upload }, { keep: first! }],
      });
      const after = await t.listings.getListing(listing.id);
      expect(after).toMatchObject({
        name: "Robusta Banana",
        unit: "dozen",
        unitPricePaise: 6000,
        pricePaise: 4000,
        gramsPerUnit: 1500,
        quantity: 40,
        state: "karnataka",
        district: "kolar",
        where: "Kolar, Karnataka",
        createdAt: listing.createdAt,
        imageKey: third,
      });
      expect(after.photos.map((photo) => photo.imageKey)).toEqual([third, after.photos[1]!.imageKey, first]);
      expect(await variantsOf(second!)).toEqual([false, false, false]);
      for (const photo of after.photos) expect(await variantsOf(photo.imageKey)).toEqual([true, true, true]);
      // A kept photo keeps the file name it was uploaded with; the new one has its own.
      const names = await t.db.kysely
        .selectFrom("listing_photo")
        .select(["image_key", "image_name"])
        .where("listing_id", "=", listing.id)
        .orderBy("position")
        .execute();
      expect(names.map((row) => row.image_name)).toEqual(["IMG_2.jpg", "new.jpg", "IMG_0.jpg"]);
      // The search finds it under its new name only.
      expect(ids((await browse({ q: "Robusta" })).items)).toEqual([listing.id]);
      expect((await t.search.suggestListings("Banana")).map((s) => s.name)).toEqual(["Robusta Banana"]);
    });

    it("a failed edit changes nothing: not the row, not the photos, not the files", async () => {
      const listing = await list({ name: "Unchanged Papaya", category: "fruits" }, 2);
      const bad = await storeUpload(t, { ownerId: seller.id, bytes: new TextEncoder().encode("not a photo") });
      const attempts = [
        [{ keep: listing.imageKey }, { upload: bad }],
        // Another listing's photo is not this listing's to keep.
        [{ keep: (await list({ name: "Someone Else's Photo", category: "fruits" })).imageKey }],
        [],
      ];
      for (const attempt of attempts) {
        await expect(
          t.listings.saveListing({
            actor: seller,
            id: listing.id,
            fields: listingFields({ name: "Changed", category: "rice" }),
            photos: attempt,
          }),
        ).rejects.toBeTruthy();
        expect(await t.listings.getListing(listing.id)).toEqual(listing);
        for (const photo of listing.photos) expect(await variantsOf(photo.imageKey)).toEqual([true, true, true]);
      }
      await t.uploads.discardUploads([bad]);
    });
  });

  describe("units and places", () => {
    it("stores the price per unit and sorts by the price per kg", async () => {
      const quintal = await list({ name: "Unit Sort Wheat", category: "wheat", price: "2,400", unit: "quintal" });
      const kg = await list({ name: "Unit Sort Wheat", category: "wheat", price: "30" });
      expect(quintal).toMatchObject({ unit: "quintal", unitPricePaise: 240000, pricePaise: 2400, gramsPerUnit: 100_000 });
      expect(ids((await browse({ q: "Unit Sort Wheat", sort: "price-asc" })).items)).toEqual([quintal.id, kg.id]);
      expect(ids((await browse({ q: "Unit Sort Wheat", max: "25" })).items)).toEqual([quintal.id]);
    });

    it("filters by state and district, and ignores a place that does not exist", async () => {
      const nashik = await list({ name: "Place Onion", category: "vegetables", state: "maharashtra", district: "nashik" });
      const pune = await list({ name: "Place Onion", category: "vegetables", state: "maharashtra", district: "pune" });
      const agra = await list({ name: "Place Onion", category: "vegetables", state: "uttar-pradesh", district: "agra" });
      expect(ids((await browse({ q: "Place Onion", state: "maharashtra" })).items).sort()).toEqual([nashik.id, pune.id].sort());
      expect(ids((await browse({ q: "Place Onion", state: "Maharashtra", district: "Nashik" })).items)).toEqual([nashik.id]);
      // A district of another state is no filter at all, like an unknown state.
      expect((await browse({ q: "Place Onion", state: "uttar-pradesh", district: "nashik" })).items.map((i) => i.id)).toEqual([agra.id]);
      expect((await browse({ q: "Place Onion", state: "Atlantis" })).total).toBe(3);
    });

    it("My listings shows every status, newest first, and the sell form starts at the last place", async () => {
      const mine = await t.listings.listOwnListings({ actor: seller, page: 1 });
      expect(mine.total).toBeGreaterThan(0);
      const times = mine.items.map((item) => item.createdAt);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(await t.listings.startingPlaceOf(seller)).toMatchObject({ state: "uttar-pradesh", district: "agra" });
      expect(await t.listings.startingPlaceOf(other)).toBeNull();
      // The place given on the account page comes first, and can be changed.
      await t.listings.saveDefaultPlace({
        actor: seller,
        place: { state: "punjab", district: "ludhiana", place: "Khanna", pin: "141401" },
      });
      expect(await t.listings.startingPlaceOf(seller)).toEqual({ state: "punjab", district: "ludhiana", place: "Khanna", pin: "141401" });
      await t.listings.saveDefaultPlace({ actor: seller, place: { state: "punjab", district: "amritsar", place: null, pin: null } });
      expect(await t.listings.startingPlaceOf(seller)).toEqual({ state: "punjab", district: "amritsar", place: "", pin: "" });
      await expect(
        t.listings.saveDefaultPlace({ actor: null, place: { state: "punjab", district: "amritsar", place: null, pin: null } }),
      ).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
      });
      await expect(t.listings.listOwnListings({ actor: null, page: 1 })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    });

    it("a person who never listed anything has no public page", async () => {
      await expect(t.search.getSellerPage({ id: other.id, page: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(t.search.getSellerPage({ id: "x".repeat(500), page: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
      // A NUL, which PostgreSQL refuses in text: not found, not a 500 (/seller/a%00b).
      await expect(t.search.getSellerPage({ id: "a\u0000b", page: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });
});
