import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../core/app-error";
import { FRESH_COUNT, MAX_SUGGESTIONS, PAGE_SIZE } from "../../core/constants";
import { imageVariantKey } from "../../core/images";
import { browseQuerySchema, listingFieldsSchema } from "../../core/schemas";
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
      fields: listingFieldsSchema.parse({ price: "40", description: "Fresh from the farm", ...fields }),
      photos: [{ bytes: photo, fileName: "IMG_0001.jpg" }],
    });
  }

  const browse = (query: Record<string, string>) => t.listings.browseListings(browseQuerySchema.parse(query));

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = makeSeller(1);
    sellerId = (await t.accounts.signUp({ ...seller, phone: "+919876543210" }, new Headers())).id;
    photo = await makeProducePhoto("rice", 1, { width: 800, height: 600 });
  });

  afterAll(async () => {
    await t.cleanup();
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
          fields: listingFieldsSchema.parse({ name: "X", category: "rice", price: "1", description: "d" }),
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
        fields: listingFieldsSchema.parse({ name: "Fake", category: "rice", price: "10", description: "d" }),
        photos: [{ bytes: new TextEncoder().encode("<?php echo 'hi'; ?>"), fileName: "photo.jpg" }],
      });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ field: "image", status: 415 });
      expect(await t.listings.countListings()).toBe(before);
    });

    it("removes the stored photo when the listing cannot be saved", async () => {
      const attempt = t.listings.createListing({
        actor: { id: "no-such-user" },
        fields: listingFieldsSchema.parse({ name: "Orphan", category: "rice", price: "10", description: "d" }),
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
        const result = await empty.listings.browseListings(browseQuerySchema.parse({ q: "rice" }));
        expect(result).toMatchObject({ total: 0, marketplaceEmpty: true });
        expect(await empty.listings.getHomePage({ category: "" })).toEqual({ fresh: [], quickMenu: [], categorySection: null });
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
      expect(result).toMatchObject({ total: 0, items: [], unknownCategory: true, marketplaceEmpty: false });
      expect((await browse({ q: "no such produce" })).marketplaceEmpty).toBe(false);
    });

    it("searches names case-insensitively and treats % and _ literally", async () => {
      expect((await browse({ q: "ONION" })).items.map((i) => i.name)).toEqual(["Onion"]);
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

    it("suggests at most 15 listings whose name contains the text", async () => {
      const suggestions = await t.listings.suggestListings("o");
      expect(suggestions.length).toBe(MAX_SUGGESTIONS);
      expect(suggestions.every((s) => s.name.toLowerCase().includes("o"))).toBe(true);
      expect(await t.listings.suggestListings("mango")).toEqual([expect.objectContaining({ name: "Alphonso Mango", category: "fruits" })]);
      expect(await t.listings.suggestListings("   ")).toEqual([]);
    });

    it("builds the home page: fresh recommendations, quick menu and a category section", async () => {
      const home = await t.listings.getHomePage({ category: "Oil seeds" });
      expect(home.fresh).toHaveLength(FRESH_COUNT);
      expect(home.fresh[0]!.name).toBe("Tomato lot 12");
      expect(home.quickMenu[0]!.name).toBe("Sharbati Wheat");
      expect(home.quickMenu).toHaveLength(PAGE_SIZE);
      expect(home.categorySection).toMatchObject({ category: "oil-seeds", total: 1 });
      expect((await t.listings.getHomePage({ category: "all" })).categorySection?.total).toBe(19);
      expect((await t.listings.getHomePage({ category: "" })).categorySection).toBeNull();
      expect((await t.listings.getHomePage({ category: "Cars" })).categorySection).toMatchObject({ category: undefined, total: 0 });
    });

    it("answers NOT_FOUND for an unknown or malformed id", async () => {
      await expect(t.listings.getListing("00000000-0000-0000-0000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(t.listings.getListing("../../etc/passwd")).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });
});
