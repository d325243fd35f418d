/** Listing text as the sell form's action hands it to the service: nothing invalid is stored (issue 9, finding 7). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingFieldsSchema } from "../../core/listings/listing-forms";
import { parseWith } from "../../core/shared/form-fields";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";

describe.each(testEngines())("listing text on %s", (engine) => {
  let t: TestServices;
  let sellerId: string;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestServices({ engine });
    sellerId = (await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers())).id;
    photo = await makeProducePhoto("rice", 1, { width: 320, height: 240 });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** What the create action does: parse the form, then create only if it parsed. */
  async function createFromForm(form: Record<string, string>) {
    const parsed = parseWith(listingFieldsSchema, {
      category: "rice",
      price: "40",
      description: "Fresh",
      state: "punjab",
      district: "ludhiana",
      ...form,
    });
    if (!parsed.ok) return { errors: parsed.errors };
    return t.listings.createListing({ actor: { id: sellerId }, fields: parsed.data, photos: [{ bytes: photo, fileName: "a.jpg" }] });
  }

  const storedRows = () => t.db.kysely.selectFrom("listing").select(["name", "name_search", "description"]).execute();

  it("stores names and descriptions without NUL, control or format characters and with no lone surrogate", async () => {
    const created = await createFromForm({
      name: "\u202eBasmati\u0000 Rice\u200b\ud83c",
      description: "Line one\u0000\r\n\u2066Line two\u0007",
    });
    expect(created).toHaveProperty("id");
    const rows = await storedRows();
    expect(rows).toEqual([{ name: "Basmati Rice\ufffd", name_search: expect.any(String) as unknown, description: "Line one\nLine two" }]);
    for (const text of [rows[0]!.name, rows[0]!.name_search, rows[0]!.description]) {
      expect(text).not.toMatch(/(?!\n)[\p{Cc}\p{Cf}\p{Cs}]/u);
    }
  });

  it("stores Devanagari names exactly as typed", async () => {
    await createFromForm({ name: "बासमती चावल" });
    await createFromForm({ name: "प्याज़" });
    const names = (await storedRows()).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(["बासमती चावल", "प्याज़"]));
  });

  it("refuses a name of only invisible characters or bare marks with a message beside the name, and stores nothing", async () => {
    const before = (await storedRows()).length;
    for (const name of ["\u200b\u200b\u200b", "\u202e\u202d", "\u0301\u0308", "\u0000", "\u200d"]) {
      expect(await createFromForm({ name })).toEqual({ errors: { name: expect.stringContaining("the product name") as unknown } });
    }
    expect(await createFromForm({ name: "Rice", description: "\u200b\u0000" })).toEqual({
      errors: { description: "Please enter a description." },
    });
    expect((await storedRows()).length).toBe(before);
  });
});
