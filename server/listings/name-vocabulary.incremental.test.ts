/**
 * The word list updated in place (applyChanges, decision 036) says exactly what a full read says,
 * after any sequence of writes: random creations, renames, sales, expiries, moderation, restores
 * and deletions of listings on a real database (both engines in CI), the listing triggers keeping
 * listing_name. Which names changed is taken here from listing_name before and after, as the
 * change log decision 036 asks for would give it. A refresh that cannot tell reads everything.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { createListingSearchRepository } from "./listing-search.repository";
import { createNameVocabulary, type NameChange } from "./name-vocabulary";

const WORDS = ["onion", "red", "nashik", "rice", "basmati", "7"];

type Write =
  | { kind: "create"; name: string }
  | { kind: "rename"; pick: number; name: string }
  | { kind: "sell" | "expire" | "hide" | "restore" | "delete"; pick: number };

const nameArb = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(" "));
const writeArb: fc.Arbitrary<{ write: Write; refresh: boolean }> = fc.record({
  write: fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant("create" as const), name: nameArb }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("rename" as const), pick: fc.nat(), name: nameArb }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom("sell" as const, "expire" as const, "hide" as const, "restore" as const, "delete" as const), pick: fc.nat() }) },
  ),
  refresh: fc.boolean(),
});

describe.each(testEngines())("the word list updated in place, on %s", (engine) => {
  let t: TestServices;
  let templateId: string;

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = { id: (await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers())).id };
    const photo = await makeProducePhoto("vegetables", 0, { width: 400, height: 300 });
    templateId = (await t.listings.createListing({ actor: seller, fields: listingFields({ name: "Template Produce", category: "vegetables" }), photos: [{ bytes: photo, fileName: "IMG_0.jpg" }] })).id;
  });

  afterAll(async () => {
    await t.cleanup();
  });

  async function names(): Promise<Map<string, number>> {
    const rows = await t.db.kysely.selectFrom("listing_name").select(["name_search", "listing_count"]).execute();
    return new Map(rows.map((row) => [row.name_search, Number(row.listing_count)]));
  }

  async function apply(write: Write, made: string[]): Promise<void> {
    const db = t.db.kysely;
    const now = t.clock.now;
    if (write.kind === "create") {
      const template = await db.selectFrom("listing").selectAll().where("id", "=", templateId).executeTakeFirstOrThrow();
      const id = `vocab-${made.length}-${Math.random().toString(36).slice(2)}`;
      await db.insertInto("listing").values({ ...template, id, name: write.name, name_search: write.name, created_at: now, updated_at: null }).execute();
      made.push(id);
      return;
    }
    if (!made.length) return;
    const id = made[write.pick % made.length]!;
    const listing = db.updateTable("listing").where("id", "=", id);
    switch (write.kind) {
      case "rename":
        return void (await listing.set({ name: write.name, name_search: write.name, updated_at: now }).execute());
      case "sell":
        return void (await listing.set({ status: "sold", updated_at: now }).execute());
      case "expire":
        return void (await listing.set({ expires_at: now - 1 }).execute());
      case "hide":
        return void (await listing.set({ hidden_at: now, hidden_reason: "test", hidden_cause: "moderator" }).execute());
      case "restore":
        return void (await listing.set({ status: "active", expires_at: now + 86_400_000, hidden_at: null, hidden_reason: null, hidden_cause: null }).execute());
      case "delete":
        await db.deleteFrom("listing").where("id", "=", id).execute();
        made.splice(made.indexOf(id), 1);
    }
  }

  it("gives what a full read gives after every refresh, reading everything only when it cannot tell", async () => {
    const repository = createListingSearchRepository(t.db.kysely, t.db.dialect);
    const made: string[] = [];
    let version = 1;
    // Two names kept per word and place, one spare: a word's places fill after a few writes.
    const options = { loadNames: repository.listNamesByCount, namesPerWord: 2, spareNames: 1 };
    const incremental = createNameVocabulary({ ...options, version: async () => version });
    const stats = { refreshes: 0, inPlace: 0 };
    // The names as of the last refresh: the database carries on from one run to the next.
    let before = await names();
    await fc.assert(
      fc.asyncProperty(fc.array(writeArb, { minLength: 1, maxLength: 40 }), async (writes) => {
        for (const { write, refresh } of writes) {
          await apply(write, made);
          if (!refresh) continue;
          const after = await names();
          const changes: NameChange[] = [...new Set([...before.keys(), ...after.keys()])]
            .map((nameSearch) => ({ nameSearch, listingCount: after.get(nameSearch) ?? 0, delta: (after.get(nameSearch) ?? 0) - (before.get(nameSearch) ?? 0) }))
            .filter((change) => change.delta !== 0);
          before = after;
          version++;
          stats.refreshes++;
          // Not applied (nothing read yet, or it cannot tell): the next question reads everything.
          if (incremental.applyChanges(changes, version)) stats.inPlace++;
          const full = createNameVocabulary({ ...options, version: async () => version });
          expect(await incremental.words()).toEqual(await full.words());
        }
      }),
      { numRuns: 40 },
    );
    // Both paths were taken: most refreshes in place, some by a full read.
    expect(stats.inPlace).toBeGreaterThan(stats.refreshes / 2);
    expect(stats.inPlace).toBeLessThan(stats.refreshes);
  });
});
