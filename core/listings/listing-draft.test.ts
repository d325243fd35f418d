import { describe, expect, it } from "vitest";
import { draftDiffersFrom, draftOf, draftValues, parseDraft, SELL_DRAFT_MAX_AGE_MS, serializeDraft } from "./listing-draft";
import { EMPTY_LISTING_VALUES } from "./listing-form";

const NOW = Date.UTC(2026, 10, 24, 12);

describe("the sell form's draft", () => {
  it("keeps the text fields and the organic box, never files or upload ids", () => {
    const file = new File(["x"], "photo.jpg");
    const draft = draftOf(
      [
        ["name", "Basmati"],
        ["price", "90"],
        ["organic", "on"],
        ["image", file],
        ["photo", "upload:0123456789abcdef0123456789abcdef"],
        ["remove", "listings/abc"],
        ["unknown", "ignored"],
      ],
      NOW,
    );
    expect(draft).toEqual({ savedAt: NOW, fields: { name: "Basmati", price: "90", organic: "on" } });
    expect(draftValues(draft)).toMatchObject({ name: "Basmati", price: "90", organic: true, description: "" });
  });

  it("comes back as it was saved, and not when it is too old, malformed or from another version", () => {
    const draft = draftOf(
      [
        ["name", "Alphonso"],
        ["state", "maharashtra"],
      ],
      NOW,
    );
    expect(parseDraft(serializeDraft(draft), NOW + 1000)).toEqual(draft);
    expect(parseDraft(serializeDraft(draft), NOW + SELL_DRAFT_MAX_AGE_MS + 1)).toBeNull();
    for (const text of [
      null,
      "",
      "not json",
      "null",
      "[]",
      JSON.stringify({ v: 2, savedAt: NOW, fields: {} }),
      JSON.stringify({ v: 1, savedAt: "yesterday", fields: {} }),
    ]) {
      expect(parseDraft(text, NOW), String(text)).toBeNull();
    }
    // Anything stored under a field name is read as text, and only our fields.
    const odd = JSON.stringify({ v: 1, savedAt: NOW, fields: { name: 42, price: "10", __proto__x: "y" } });
    expect(parseDraft(odd, NOW)?.fields).toEqual({ price: "10" });
  });

  it("counts as a draft only when the seller changed something from how the form started", () => {
    const start = { ...EMPTY_LISTING_VALUES, state: "maharashtra", district: "nashik" };
    expect(
      draftDiffersFrom(
        draftOf(
          [
            ["unit", "kg"],
            ["state", "maharashtra"],
            ["district", "nashik"],
          ],
          NOW,
        ),
        start,
      ),
    ).toBe(false);
    expect(
      draftDiffersFrom(
        draftOf(
          [
            ["unit", "kg"],
            ["state", "maharashtra"],
            ["district", "nashik"],
            ["name", "Onion"],
          ],
          NOW,
        ),
        start,
      ),
    ).toBe(true);
    expect(
      draftDiffersFrom(
        draftOf(
          [
            ["unit", "kg"],
            ["state", "maharashtra"],
            ["district", "nashik"],
            ["organic", "on"],
          ],
          NOW,
        ),
        start,
      ),
    ).toBe(true);
  });
});
