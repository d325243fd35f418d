import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingFields } from "../../tests/support/listings";
import { AppError } from "../../core/shared/app-error";
import { FRESH_COUNT, MAX_SUGGESTIONS, PAGE_SIZE } from "../../core/shared/constants";
import { imageVariantKey } from "../../core/uploads/images";
import { browseQuerySchema, SORTS } from "../../core/search/search-query";
import { createListingSearchRepository } from "./listing-search.repository";
import { createListingSearchService } from "./listing-search.service";
import { createListingsRepository } from "./listings.repository";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { testEngines } from "../../tests/support/test-database";

describe.each(testEngines())("on %s", (engine) => {
  let t: TestServices;
  let sellerId: string;
  let photo: Buffer;
  const MINUTE = 60_000;

  async function addListing(fields: { name: string; category: string; price?: string; description?: string }) {
    t.clock.now += MINUTE;
    return t.listings.createListing({
      actor: { id: sellerId },
      fields: listingFields({ price: "40", description: "Fresh from the farm", ...fields }),
      photos: [{ bytes: photo, fileName: "IMG_0001.jpg" }],
    });
  }

  const browse = (query: Record<string, string>) => t.search.browseListings(browseQuerySchema.parse(query));

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = makeSeller(1);
    sellerId = (await t.accounts.signUp({ ...seller, phone: "+919876543210" }, new Headers())).id;
    photo = await makeProducePhoto("rice", 1, { width: 800, height: 600 });
  });

  afterAll(async () => {
    await t.cleanup();
  });

  describe("sellerSignals", () => {
    it("says when the seller's account was made and counts their sold listings, not those a moderator hid", async () => {
      const seller = makeSeller(57);
      const id = (await t.accounts.signUp({ ...seller, phone: "+919876500057" }, new Headers())).id;
      const add = (name: string) =>
        t.listings.createListing({
          actor: { id },
          fields: listingFields({ name, category: "rice", price: "40", description: "Sold soon" }),
          photos: [{ bytes: photo, fileName: "IMG_0057.jpg" }],
        });
      expect(await t.listings.sellerSignals(id)).toMatchObject({ soldCount: 0 });
      const [a, b, c] = [await add("Signal Rice A"), await add("Signal Rice B"), await add("Signal Rice C")];
      for (const listing of [a, b, c]) await t.listings.markSold({ actor: { id }, id: listing.id });
      await t.listings.markAvailable({ actor: { id }, id: c.id });
      await t.moderation.hideListing({ actor: { commandLine: true }, listingId: b.id, reason: "A test of hidden listings" });
      const signals = await t.listings.sellerSignals(id);
      expect(signals?.soldCount).toBe(1);
      const created = await t.db.kysely.selectFrom("user").select("createdAt").where("id", "=", id).executeTakeFirstOrThrow();
      expect(signals?.memberSince).toBe(new Date(created.createdAt).getTime());
      expect(await t.listings.sellerSignals("nobody-at-all")).toBeNull();
    });
  });

  describe("createListing", () => {
    it("stores the listing with its seller and WebP photo variants under a generated key", async () => {
      const { id } = await addListing({ name: "Basmati Rice", category: "Rice", price: "1,250.50" });
      const listing = await t.listings.getListing(id);
      expect(listing).toMatchObject({
        name: "Basmati Rice",
        category: "rice",
        pricePaise: 125050,
        seller: { name: "Test Seller 1", phone: "+919876543210" },
        createdAt: t.clock.now,
      });
      expect(listing.imageKey).toMatch(/^listings\/[0-9a-f-]{36}$/);
      expect(listing.imageKey).not.toContain("IMG_0001");
      const variant = await t.storage.get(imageVariantKey(listing.imageKey, 320));
      expect(variant?.contentType).toBe("image/webp");
    });

    it("refuses a signed-out actor and stores nothing", async () => {
      const before = await t.listings.countListings();
      const { readdirSync } = await import("node:fs");
      const path = await import("node:path");
      const photos = () => readdirSync(path.join(t.dataDir, "media", "listings")).length;
      const photosBefore = photos();
      await expect(
        t.listings.createListing({
          actor: null,
          fields: listingFields({ name: "X", category: "rice", price: "1", description: "d" }),
          photos: [{ bytes: photo, fileName: "a.jpg" }],
        }),
      ).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: "You must login first" });
      expect(await t.listings.countListings()).toBe(before);
      expect(photos()).toBe(photosBefore);
    });

    it("refuses a file that is not a photo and stores nothing", async () => {
      const before = await t.listings.countListings();
      const attempt = t.listings.createListing({
        actor: { id: sellerId },
        fields: listingFields({ name: "Fake", category: "rice", price: "10", description: "d" }),
        photos: [{ bytes: new TextEncoder().encode("<?php echo 'hi'; ?>"), fileName: "photo.jpg" }],
      });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ field: "image", status: 415 });
      expect(await t.listings.countListings()).toBe(before);
    });

    it("removes the stored photo when the listing cannot be saved", async () => {
      const attempt = t.listings.createListing({
        actor: { id: "no-such-user" },
        fields: listingFields({ name: "Orphan", category: "rice", price: "10", description: "d" }),
        photos: [{ bytes: photo, fileName: "a.jpg" }],
      });
      await expect(attempt).rejects.toThrow();
      const { readdirSync } = await import("node:fs");
      const path = await import("node:path");
      const dirs = readdirSync(path.join(t.dataDir, "media", "listings"));
      const listed = await t.db.kysely.selectFrom("listing").select("image_key").execute();
      expect(dirs.sort()).toEqual(listed.map((l) => l.image_key.split("/")[1]).sort());
    });
  });

  describe("an empty marketplace", () => {
    it("is reported, so /viewmore can send people home as the specification says", async () => {
      const empty = await createTestServices({ engine });
      try {
        const result = await empty.search.browseListings(browseQuerySchema.parse({ q: "rice" }));
        expect(result).toMatchObject({ total: 0, marketplaceEmpty: true });
        expect(await empty.search.getHomePage({ category: "" })).toEqual({ fresh: [], quickMenu: [], categorySection: null });
      } finally {
        await empty.cleanup();
      }
    });
  });

  describe("browsing", () => {
    beforeAll(async () => {
      await t.db.kysely.deleteFrom("listing").execute();
      const names: Array<[string, string]> = [
        ["Sharbati Wheat", "Wheat"],
        ["Onion", "Vegetable"],
        ["Potato", "vegetables"],
        ["Alphonso Mango", "Fruits"],
        ["Groundnut", "Oil Seeds"],
        ["Almonds 100% pure", "Nuts & Dry Fruits"],
        ["Sona Masoori Rice", "rice"],
      ];
      for (const [name, category] of names) await addListing({ name, category });
      for (let i = 1; i <= 12; i++) await addListing({ name: `Tomato lot ${i}`, category: "Vegetables", price: String(10 + i) });
    });

    it("lists newest first by default and oldest first when asked, 8 to a page", async () => {
      const newest = await browse({});
      expect(newest.total).toBe(19);
      expect(newest.pageCount).toBe(3);
      expect(newest.items).toHaveLength(PAGE_SIZE);
      expect(newest.items[0]!.name).toBe("Tomato lot 12");
      const oldest = await browse({ sort: "oldest" });
      expect(oldest.items[0]!.name).toBe("Sharbati Wheat");
      const last = await browse({ page: "3" });
      expect(last.items).toHaveLength(3);
      expect(last.page).toBe(3);
    });

    it("takes plain options, each left out meaning any, page 1, newest first, as a parsed /viewmore query does", async () => {
      expect(await t.search.browseListings({})).toEqual(await browse({}));
      expect(await t.search.browseListings({ category: "vegetables", q: "tomato", price: { maxPaise: 1500 } })).toEqual(
        await browse({ category: "vegetables", q: "tomato", max: "15" }),
      );
    });

    it("clamps a page past the end to the last page", async () => {
      const result = await browse({ page: "99" });
      expect(result.page).toBe(3);
      expect(result.items.length).toBeGreaterThan(0);
    });

    it("filters by category whatever spelling the URL uses", async () => {
      for (const spelling of ["vegetables", "Vegetable", "VEGETABLES"]) {
        const result = await browse({ category: spelling });
        expect(result.total).toBe(14);
        expect(result.items.every((i) => i.category === "vegetables")).toBe(true);
      }
      expect((await browse({ category: "Nuts and Dry fruits" })).total).toBe(1);
    });

    it("gives the no-items state for a legacy category such as Cars", async () => {
      const result = await browse({ category: "Cars" });
      expect(result).toMatchObject({ total: 0, items: [], category: undefined, marketplaceEmpty: false });
      expect((await browse({ q: "no such produce" })).marketplaceEmpty).toBe(false);
    });

    it("searches names case-insensitively and treats % and _ literally", async () => {
      expect((await browse({ q: "ONION" })).items.map((i) => i.name)).toEqual(["Onion"]);
      expect((await browse({ q: "on" })).items.map((i) => i.name).sort()).toEqual([
        "Almonds 100% pure",
        "Alphonso Mango",
        "Onion",
        "Sona Masoori Rice",
      ]);
      expect((await browse({ q: "100%" })).items.map((i) => i.name)).toEqual(["Almonds 100% pure"]);
      expect((await browse({ q: "_" })).total).toBe(0);
    });

    it("the name-or-category box also finds a category by name; the name box does not", async () => {
      expect((await browse({ q: "wheat" })).total).toBe(1);
      expect((await browse({ q: "vegetable" })).total).toBe(14);
      expect((await browse({ q: "vegetable", by: "name" })).total).toBe(0);
    });

    it("sorts by price", async () => {
      const cheap = await browse({ category: "vegetables", sort: "price-asc" });
      expect(cheap.items[0]!.name).toBe("Tomato lot 1");
      const dear = await browse({ category: "vegetables", sort: "price-desc" });
      expect(dear.items[0]!.pricePaise).toBeGreaterThanOrEqual(dear.items[1]!.pricePaise);
    });

    it("suggests at most 15 distinct names, from the second character", async () => {
      const suggestions = await t.search.suggestListings("to");
      // Twelve prefix matches (alphabetical: equally listed), then Potato, which has "to" inside.
      expect(suggestions.map((s) => s.name)).toEqual([...Array.from({ length: 12 }, (_, i) => `Tomato lot ${i + 1}`).sort(), "Potato"]);
      expect(await t.search.suggestListings("o")).toEqual([]);
      expect(await t.search.suggestListings("   ")).toEqual([]);
      expect(await t.search.suggestListings("mango")).toEqual([
        expect.objectContaining({ name: "Alphonso Mango", category: "fruits", listingCount: 1 }),
      ]);
    });

    it("builds the home page: fresh recommendations, quick menu and a category section", async () => {
      const home = await t.search.getHomePage({ category: "Oil seeds" });
      expect(home.fresh).toHaveLength(FRESH_COUNT);
      expect(home.fresh[0]!.name).toBe("Tomato lot 12");
      expect(home.quickMenu[0]!.name).toBe("Sharbati Wheat");
      expect(home.quickMenu).toHaveLength(PAGE_SIZE);
      expect(home.categorySection).toMatchObject({ category: "oil-seeds", total: 1 });
      expect((await t.search.getHomePage({ category: "all" })).categorySection?.total).toBe(19);
      expect((await t.search.getHomePage({ category: "" })).categorySection).toBeNull();
      expect((await t.search.getHomePage({ category: "Cars" })).categorySection).toMatchObject({ category: undefined, total: 0 });
    });

    it("answers NOT_FOUND for an unknown or malformed id", async () => {
      await expect(t.listings.getListing("00000000-0000-0000-0000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(t.listings.getListing("../../etc/passwd")).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });

  describe("search", () => {
    let s: TestServices;
    const made = new Map<string, string>();

    async function add(name: string, category: string, price = "40") {
      s.clock.now += MINUTE;
      const { id } = await s.listings.createListing({
        actor: { id: searchSellerId },
        fields: listingFields({ name, category, price, description: "Fresh from the farm" }),
        photos: [{ bytes: photo, fileName: "IMG_0002.jpg" }],
      });
      made.set(name, id);
      return id;
    }
    let searchSellerId: string;
    const find = (query: Record<string, string>) => s.search.browseListings(browseQuerySchema.parse(query));
    const suggest = async (text: string) => (await s.search.suggestListings(text)).map((x) => x.name);
    /** The search service on this marketplace, with some of its settings changed. */
    const searchWith = (options: Partial<Parameters<typeof createListingSearchService>[0]>) =>
      createListingSearchService({
        repository: createListingSearchRepository(s.db.kysely, s.db.dialect),
        places: createListingsRepository(s.db.kysely),
        contentVersion: s.contentVersion,
        now: () => s.clock.now,
        ...options,
      });

    beforeAll(async () => {
      s = await createTestServices({ engine });
      searchSellerId = (await s.accounts.signUp({ ...makeSeller(2), phone: "+919876543211" }, new Headers())).id;
      await add("Licorice Root", "vegetables", "300");
      await add("Brown Rice", "rice", "90");
      await add("Basmati Rice", "rice", "120");
      await add("Rice Bran", "oil-seeds", "30");
      await add("basmati  rice", "rice", "130");
      await add("BASMATI RICE", "rice", "110");
      await add("Red Onion Nashik", "vegetables", "35");
      await add("Potato (Agra)", "vegetables", "20");
      await add("Almonds (Badam)", "nuts-dry-fruits", "800");
      await add("Sharbati Wheat", "wheat", "45");
      await add("प्याज़ नासिक", "vegetables", "38");
    });

    afterAll(async () => {
      await s.cleanup();
    });

    it("ranks prefix matches, then word starts, then matches inside words; one entry per name", async () => {
      const suggestions = await s.search.suggestListings("rice");
      expect(suggestions.map((x) => x.name)).toEqual(["Rice Bran", "Basmati Rice", "Brown Rice", "Licorice Root"]);
      // The three spellings of Basmati Rice are one name carried by three listings.
      expect(suggestions[1]).toMatchObject({ listingCount: 3, highlight: [[8, 12]] });
      expect(suggestions[0]).toMatchObject({ listingCount: 1, listingId: made.get("Rice Bran"), highlight: [[0, 4]] });
      expect(suggestions[3]!.highlight).toEqual([[4, 8]]);
    });

    it("suggests from two letters on, by prefix before word start", async () => {
      expect(await suggest("ri")).toEqual(["Rice Bran", "Basmati Rice", "Brown Rice", "Licorice Root"]);
      expect(await suggest("ba")).toEqual(["Basmati Rice", "Almonds (Badam)", "Sharbati Wheat"]);
    });

    it("tolerates a small typo from four letters, in suggestions and in search", async () => {
      expect(await suggest("basmti")).toEqual(["Basmati Rice"]);
      expect(await suggest("potatoe")).toEqual(["Potato (Agra)"]);
      // Letters swapped or mistyped in a short word, which shares no trigram with the right one.
      expect(await suggest("onoin")).toEqual(["Red Onion Nashik"]);
      expect(await suggest("red onjon")).toEqual(["Red Onion Nashik"]);
      expect((await find({ q: "onoin" })).items.map((item) => item.name)).toEqual(["Red Onion Nashik"]);
      expect(await suggest("bsm")).toEqual([]);
      const result = await find({ q: "basmti" });
      expect(result).toMatchObject({ total: 3, closeMatches: true });
      expect(result.items.every((item) => item.name.toLowerCase().replace(/\s+/g, " ") === "basmati rice")).toBe(true);
      expect(await find({ q: "rice" })).toMatchObject({ closeMatches: false });
      expect((await find({ q: "zzzzqqq" })).total).toBe(0);
      // Characters FTS5 reads as syntax, or that would end its string, are plain text.
      for (const q of ["\u0000\u0000\u0000", '"rice', "rice OR wheat", "NEAR(a b)", "*", "ri^ce"]) {
        await expect(find({ q })).resolves.toMatchObject({ items: expect.any(Array) });
        await expect(s.search.suggestListings(q)).resolves.toBeInstanceOf(Array);
      }
    });

    it("corrects typos from the word list's names, and searches for others when every one of those was sold", async () => {
      // One name kept per word and place, so a second listing fills it.
      const search = searchWith({ namesPerCorrection: 1 });
      const names = async (text: string) => (await search.suggestListings(text)).map((x) => x.name);
      const white = await add("White Onion", "vegetables");
      try {
        // "white onion" is the one "onion" name the list keeps; "red onion nashik" is found only by a search.
        expect(await names("onoin")).toEqual(["White Onion"]);
        await s.db.kysely.updateTable("listing").set({ status: "sold" }).where("id", "=", white).execute();
        expect(await names("onoin")).toEqual(["Red Onion Nashik"]);
      } finally {
        await s.db.kysely.deleteFrom("listing").where("id", "=", white).execute();
      }
    });

    it("reads every name for the word list, most listed first, a page at a time", async () => {
      const repository = createListingSearchRepository(s.db.kysely, s.db.dialect);
      const pages = [];
      for await (const page of repository.listNamesByCount(2)) pages.push(page);
      const all = await s.db.kysely.selectFrom("listing_name").select(["name_search", "listing_count"]).execute();
      expect(pages.length).toBe(Math.ceil(all.length / 2));
      expect(pages.every((page) => page.length <= 2)).toBe(true);
      const expected = all
        .map((row) => ({ nameSearch: row.name_search, listingCount: Number(row.listing_count) }))
        .sort((a, b) => b.listingCount - a.listingCount || (a.nameSearch < b.nameSearch ? 1 : -1));
      expect(pages.flat()).toEqual(expected);
    });

    it("knows Hindi and Hinglish produce and category names", async () => {
      expect((await find({ q: "pyaz", by: "name" })).items.map((i) => i.name).sort()).toEqual(["Red Onion Nashik"]);
      expect(await suggest("aloo")).toEqual(["Potato (Agra)"]);
      expect(await suggest("badam")).toEqual(["Almonds (Badam)"]);
      expect((await find({ q: "gehun", by: "name" })).items.map((i) => i.name)).toEqual(["Sharbati Wheat"]);
      expect((await find({ q: "गेहूं" })).items.map((i) => i.name)).toEqual(["Sharbati Wheat"]);
      // chawal: the four listings in the rice category, and the two other names saying rice.
      expect((await find({ q: "chawal" })).total).toBe(6);
      // A nukta typed either way finds the name written in Devanagari.
      expect((await find({ q: "प्याज़" })).items.map((i) => i.name)).toContain("प्याज़ नासिक");
    });

    it("filters by price range in rupees, alongside category and text", async () => {
      const prices = async (query: Record<string, string>) =>
        (await find(query)).items.map((i) => i.pricePaise / 100).sort((a, b) => a - b);
      expect(await prices({ q: "rice", min: "100", max: "125" })).toEqual([110, 120]);
      expect(await prices({ category: "rice", min: "115" })).toEqual([120, 130]);
      expect(await prices({ max: "30" })).toEqual([20, 30]);
      const bad = await find({ category: "rice", min: "lots" });
      expect(bad.total).toBe(4);
    });

    it("keeps the names in step with listings: new ones at once, deleted and renamed ones gone", async () => {
      const id = await add("Kinnow Orange", "fruits");
      expect(await suggest("kinnow")).toEqual(["Kinnow Orange"]);
      await s.db.kysely.updateTable("listing").set({ name: "Nagpur Orange", name_search: "nagpur orange" }).where("id", "=", id).execute();
      expect(await suggest("kinnow")).toEqual([]);
      expect(await suggest("nagpur")).toEqual(["Kinnow Orange".replace("Kinnow", "Nagpur")]);
      await s.db.kysely.deleteFrom("listing").where("id", "=", id).execute();
      expect(await suggest("nagpur")).toEqual([]);

      // Deleting one of three Basmati listings leaves two, and the name points at one that exists.
      await s.db.kysely.deleteFrom("listing").where("id", "=", made.get("Basmati Rice")!).execute();
      const [basmati] = await s.search.suggestListings("basmati");
      expect(basmati).toMatchObject({ listingCount: 2 });
      await expect(s.listings.getListing(basmati!.listingId)).resolves.toMatchObject({ category: "rice" });
    });

    it("never suggests more than 15 names", async () => {
      for (let i = 1; i <= MAX_SUGGESTIONS + 1; i++) await add(`Kesar Mango ${String(i).padStart(2, "0")}`, "fruits");
      const names = await suggest("kesar");
      expect(names).toHaveLength(MAX_SUGGESTIONS);
      expect(names.at(-1)).toBe("Kesar Mango 15");
    });

    it("suggests names holding a common word from the word list, the same as searching them, live ones only", async () => {
      const ids: string[] = [];
      for (let i = 1; i <= MAX_SUGGESTIONS + 1; i++) ids.push(await add(`Devgad Hapus ${String(i).padStart(2, "0")}`, "fruits"));
      // A full list at 16 names a word: "hapus" is common here. Which searches still reach the names table is watched.
      const repository = createListingSearchRepository(s.db.kysely, s.db.dialect);
      const searchedFor: string[] = [];
      const fromList = searchWith({
        repository: {
          ...repository,
          findNames: (options) => (searchedFor.push(`${options.match} ${options.term}`), repository.findNames(options)),
        },
        namesPerCorrection: 16,
      });
      const searched = async () => (await s.search.suggestListings("hapus")).map((x) => x.name);
      const listed = async () => (await fromList.suggestListings("hapus")).map((x) => x.name);
      try {
        // The first ask starts reading the list and is answered by a search meanwhile.
        expect(await listed()).toEqual(await searched());
        await expect.poll(async () => (searchedFor.splice(0), await listed(), searchedFor)).not.toContain("word hapus");
        expect(await listed()).toEqual(await searched());
        await s.db.kysely.updateTable("listing").set({ status: "sold" }).where("id", "=", ids[0]!).execute();
        expect(await listed()).not.toContain("Devgad Hapus 01");
        expect(await listed()).toEqual(await searched());
      } finally {
        await s.db.kysely.deleteFrom("listing").where("id", "in", ids).execute();
      }
    });

    it("measures a name search's share before a deep page, and collects the same listings through the name index", async () => {
      // Sampling the three newest listings, as it samples thousands in a big marketplace.
      const repository = createListingSearchRepository(s.db.kysely, s.db.dialect, { densitySample: 3 });
      for (const filter of [
        { nameContainsAny: ["rice"], liveAt: s.clock.now },
        { nameContainsAny: ["rice"], category: "rice" as const, liveAt: s.clock.now },
        { nameContainsAny: ["ric"], minPaise: 5000, liveAt: s.clock.now },
      ]) {
        for (const sort of SORTS) {
          const planned = await repository.list({ filter, sort, limit: 100, offset: 0 });
          expect(planned.length, JSON.stringify(filter)).toBeGreaterThan(1);
          // Told of 2,000 matches and asked for 6,000 listings: the share is read, and they are collected.
          const collected = await repository.list({ filter, sort, limit: 6_000, offset: 0, total: 2_000 });
          expect(collected.map((l) => l.id)).toEqual(planned.map((l) => l.id));
          // A page past the end, the same way.
          expect(await repository.list({ filter, sort, limit: 4, offset: 40_000, total: 2_000 })).toEqual([]);
        }
      }
    });

    it("finds the same page whether it walks the sort index (many matches) or sorts the matches", async () => {
      const repository = createListingSearchRepository(s.db.kysely, s.db.dialect);
      const filters = [
        {},
        { category: "rice" as const },
        { nameContainsAny: ["rice"], orCategories: ["oil-seeds" as const], minPaise: 3000 },
      ];
      for (const filter of filters) {
        for (const sort of SORTS) {
          for (const offset of [0, 3]) {
            const sorted = await repository.list({ filter, sort, limit: 4, offset });
            const walked = await repository.list({ filter, sort, limit: 4, offset, total: 1_000_000 });
            expect(walked.map((l) => l.id)).toEqual(sorted.map((l) => l.id));
          }
        }
      }
      // "Name or category" is counted in two parts; the sum is the plain count.
      const nameOrCategory = { nameContainsAny: ["rice"], orCategories: ["oil-seeds" as const] };
      const listed = await repository.list({ filter: nameOrCategory, sort: "newest", limit: 1000, offset: 0 });
      expect(listed.length).toBeGreaterThan(3);
      expect(await repository.count(nameOrCategory, { upTo: 1000 })).toBe(listed.length);
      // Counting stops at the bound, in either part of the sum and in a plain count.
      for (const upTo of [1, 2, listed.length - 1]) expect(await repository.count(nameOrCategory, { upTo })).toBe(upTo);
      const everyLive = await repository.list({ filter: { liveAt: s.clock.now }, sort: "newest", limit: 1000, offset: 0 });
      expect(await repository.count({ liveAt: s.clock.now }, { upTo: 3 })).toBe(Math.min(3, everyLive.length));
    });

    it("counts no further than the cap, says there are more, and links pages only that far", async () => {
      const capped = searchWith({ maxCountedMatches: 2 });
      const rice = await s.search.browseListings({ q: "rice" });
      expect(rice).toMatchObject({ moreThanTotal: false });
      expect(rice.total).toBeGreaterThan(2);
      expect(await capped.browseListings({ q: "rice", page: 4 })).toMatchObject({ total: 2, moreThanTotal: true, page: 1, pageCount: 1 });
      // The page itself still holds a full page of listings.
      expect((await capped.browseListings({ q: "rice" })).items).toHaveLength(Math.min(rice.total, PAGE_SIZE));
      expect(await capped.browseListings({ q: "onion" })).toMatchObject({ total: 1, moreThanTotal: false });
    });

    it("gives numbered pages far into the results, the same listings as a full walk", async () => {
      const all = await find({ sort: "price-asc" });
      const everything = [];
      for (let page = 1; page <= all.pageCount; page++) everything.push(...(await find({ sort: "price-asc", page: String(page) })).items);
      expect(everything.map((i) => i.pricePaise)).toEqual([...everything.map((i) => i.pricePaise)].sort((a, b) => a - b));
      expect(new Set(everything.map((i) => i.id)).size).toBe(all.total);
    });
  });
});
