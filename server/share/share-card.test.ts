/**
 * Listing preview cards (issue 24, decision 023), on each engine with real storage: 1200×630 JPEG
 * under 300 KB, made once and kept by version, made again after an edit (the old one removed),
 * none for a hidden or deleted listing; markup in a name is drawn as text; and Hindi is drawn in
 * Devanagari from Mandi's own fonts on a machine without any (never boxes).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingFields } from "../../tests/support/listings";
import { withoutDevanagariFonts } from "../../tests/support/no-devanagari-fonts";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { cardText, escapeMarkup, renderShareCard, textBlock } from "./share-card";
import { shareCardPath } from "./share-cards.service";

describe.each(testEngines())("share cards on %s", (engine) => {
  let t: TestServices;
  let seller: { id: string };

  beforeAll(async () => {
    t = await createTestServices({ engine });
    seller = { id: (await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers())).id };
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function list(name: string) {
    const photo = await makeProducePhoto("vegetables", 2, { width: 1280, height: 960 });
    const { id } = await t.listings.createListing({
      actor: seller,
      fields: listingFields({ name, category: "vegetables", unit: "quintal", price: "2500", place: "Lasalgaon" }),
      photos: [{ bytes: photo, fileName: "a.jpg" }],
    });
    return id;
  }
  const stored = async (id: string) => {
    const keys: string[] = [];
    for await (const object of t.storage.list(`share-cards/${id}/`)) keys.push(object.key);
    return keys.sort();
  };

  it("is a 1200×630 JPEG under 300 KB, kept by version; an edit makes a new one and removes the old", async () => {
    const id = await list("Nashik Onion");
    const first = await t.shareCards.getCard({ listingId: id, lang: "en" });
    expect(await sharp(first.bytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(first.bytes.byteLength).toBeLessThan(300 * 1024);
    expect(await stored(id)).toEqual([`share-cards/${id}/en-${first.version}.jpg`]);
    // The page's og:image points at this very version.
    expect(shareCardPath(await t.listings.getListing(id), "en")).toBe(`/share/listing/${id}/en-${first.version}.jpg`);

    const again = await t.shareCards.getCard({ listingId: id, lang: "en" });
    expect(again.version).toBe(first.version);
    expect(again.bytes.equals(first.bytes)).toBe(true);

    const hindi = await t.shareCards.getCard({ listingId: id, lang: "hi" });
    expect(hindi.version).not.toBe(first.version);

    await t.db.kysely.updateTable("listing").set({ unit_price_paise: 270000, price_paise: 2700 }).where("id", "=", id).execute();
    const edited = await t.shareCards.getCard({ listingId: id, lang: "en" });
    expect(edited.version).not.toBe(first.version);
    expect(await stored(id)).toEqual([`share-cards/${id}/en-${edited.version}.jpg`, `share-cards/${id}/hi-${hindi.version}.jpg`].sort());

    await t.listings.markSold({ actor: seller, id });
    expect((await t.shareCards.getCard({ listingId: id, lang: "en" })).version).not.toBe(edited.version);
  });

  it("is not made for a hidden, unknown or deleted listing", async () => {
    const hidden = await list("Hidden Garlic");
    await t.db.kysely.updateTable("listing").set({ hidden_at: t.clock.now, hidden_cause: "moderator" }).where("id", "=", hidden).execute();
    await expect(t.shareCards.getCard({ listingId: hidden, lang: "en" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(t.shareCards.getCard({ listingId: "00000000-0000-4000-8000-000000000000", lang: "en" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const deleted = await list("Deleted Peas");
    await t.shareCards.getCard({ listingId: deleted, lang: "en" });
    await t.listings.deleteListing({ actor: seller, id: deleted });
    await expect(t.shareCards.getCard({ listingId: deleted, lang: "en" })).rejects.toMatchObject({ code: "GONE" });
    await t.shareCards.removeCards(deleted);
    expect(await stored(deleted)).toEqual([]);
  });
});

describe("the card's text", () => {
  it("is escaped for Pango's markup: a name with tags is drawn as those characters", async () => {
    expect(escapeMarkup(`<span size="99999">&'"`)).toBe("&lt;span size=&quot;99999&quot;&gt;&amp;&#39;&quot;");
    const hostile = cardText(
      {
        name: `<span foreground="red" size="900000">x</span> & <b>`,
        unit: "kg",
        unitPricePaise: 2500,
        pricePaise: 2500,
        state: null,
        district: null,
        place: null,
        status: "active",
        imageKey: "k",
      },
      "en",
    );
    const card = await renderShareCard(hostile, null);
    expect(await sharp(card).metadata()).toMatchObject({ width: 1200, height: 630 });
    // Drawn as text: a few lines at the card's size, as the same characters with nothing special in them; not 900,000 points tall.
    const asText = await textBlock(hostile.name, { size: 54, color: "#000000" });
    const plain = await textBlock(hostile.name.replace(/[<>&"]/g, "x"), { size: 54, color: "#000000" });
    expect(asText.height).toBeLessThan(400);
    expect(Math.abs(asText.height - plain.height)).toBeLessThan(20);
  });

  it("says price per unit and per kg, place and status in Hindi", () => {
    const text = cardText(
      {
        name: "प्याज़",
        unit: "quintal",
        unitPricePaise: 250000,
        pricePaise: 2500,
        state: "maharashtra",
        district: "nashik",
        place: "Lasalgaon",
        status: "sold",
        imageKey: "k",
      },
      "hi",
    );
    expect(text).toMatchObject({ price: "₹2,500 / क्विंटल", perKg: "₹25 / किलो", place: "Lasalgaon, नासिक, महाराष्ट्र" });
    expect(text.status).toMatch(/[\u0900-\u097f]/);
  });

  it("draws Devanagari from Mandi's own fonts on a machine without any: the same as with them, never boxes", async () => {
    const hindi = "किसान की प्याज़";
    const here = await textBlock(hindi, { size: 48, color: "#000000" });
    const { data } = await sharp(here.input).raw().toBuffer({ resolveWithObject: true });
    const folder = mkdtempSync(path.join(tmpdir(), "mandi-fonts-"));
    try {
      const script = path.join(path.dirname(new URL(import.meta.url).pathname), "draw-text.script.ts");
      const output = execFileSync(process.execPath, ["--import", "tsx", script, hindi], {
        env: { ...process.env, ...withoutDevanagariFonts(folder) },
        encoding: "utf8",
      });
      const drawn = JSON.parse(output) as Record<"system" | "embedded", { hash: string }>;
      // Without Mandi's fonts that machine draws boxes; with them, exactly what a machine with the font draws.
      expect(drawn.embedded.hash).toBe(createHash("sha256").update(data).digest("hex"));
      expect(drawn.system.hash).not.toBe(drawn.embedded.hash);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
