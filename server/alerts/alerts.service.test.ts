/**
 * Saved searches and matching (decision 022), through the real services on both engines: a
 * listing that becomes live reaches the saved searches that /viewmore would show it to, with
 * aliases, Hindi, Hinglish and typos, never its own seller's, never a hidden one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupSchema } from "../../core/accounts/account-forms";
import { browseQuerySchema } from "../../core/search/search-query";
import { savedQueryOf, viewmorePathOf } from "../../core/alerts/saved-search";
import { describeInLanguage } from "../../core/alerts/describe";
import { listingFields } from "../../tests/support/listings";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { testEngines } from "../../tests/support/test-database";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { sql } from "kysely";
import { createLogger } from "../logger";
import { createAlertsService } from "./alerts.service";
import { createSavedSearchesRepository } from "./saved-searches.repository";

describe.each(testEngines())("saved searches and alerts, on %s", (engine) => {
  let t: TestServices;
  let seller: { id: string };
  let buyer: { id: string };
  let other: { id: string };
  let photo: Buffer;

  const save = (actor: { id: string }, query: Record<string, string>) =>
    t.alerts.saveSearch({ actor, query: savedQueryOf(browseQuerySchema.parse(query)) });
  const list = async (fields: Record<string, string>, by = seller) => {
    t.clock.now += 60_000;
    const { id } = await t.listings.createListing({
      actor: by,
      fields: listingFields({ price: "20", category: "vegetables", state: "maharashtra", district: "nashik", ...fields }),
      photos: [{ bytes: photo, fileName: "p.jpg" }],
    });
    await t.jobs.runDue();
    return id;
  };
  const foundBy = async (actor: { id: string }) => (await t.alerts.listMine({ actor })).matches.map((m) => m.listing.name).sort();

  beforeAll(async () => {
    t = await createTestServices({ engine, env: { MAX_SAVED_SEARCHES: "12" } });
    seller = await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers());
    buyer = await t.accounts.signUp({ ...makeSeller(2), phone: "+919876543211" }, new Headers());
    other = await t.accounts.signUp({ ...makeSeller(3), phone: "+919876543212" }, new Headers());
    photo = await makeProducePhoto("vegetables", 1, { width: 400, height: 300 });
    // Something in the marketplace, so the typo has a word to be corrected to.
    await list({ name: "Onion" }, other);
  });

  afterAll(async () => {
    await t.cleanup();
  });

  it("tells a buyer about onions in Nashik, however the search was typed, and only in Nashik and the price range", async () => {
    await save(buyer, { q: "onion", state: "maharashtra", district: "nashik", max: "25" });
    await save(other, { q: "प्याज़ नासिक" });
    await save(other, { q: "pyaz" });
    await save(other, { q: "oinon" });
    await list({ name: "Red Onion" });
    await list({ name: "Onion", district: "pune" });
    await list({ name: "White onion", price: "30" });
    expect(await foundBy(buyer)).toEqual(["Red Onion"]);
    // Hindi with a place, Hinglish, and a typo each found what search finds for them.
    const mine = await t.alerts.listMine({ actor: other });
    const byQuery = new Map(mine.searches.map((s) => [s.query.q, s.fresh]));
    expect(byQuery.get("प्याज़ नासिक")).toBe(2);
    expect(byQuery.get("pyaz")).toBe(3);
    expect(byQuery.get("oinon")).toBe(3);
  });

  it("agrees with /viewmore for the same query", async () => {
    const query = { q: "onion", state: "maharashtra", district: "nashik", max: "25" };
    const shown = (await t.search.browseListings(browseQuerySchema.parse(query))).items.map((item) => item.name).sort();
    // The search also shows the onion listed before it was saved; the alert told of the new one only.
    expect(shown).toEqual(["Onion", "Red Onion"]);
  });

  it("keeps every filter, the order and the place a search was asked from, shows them, and counts what /viewmore finds at once (issue 42)", async () => {
    const asked = { q: "onion", sort: "near", from: "maharashtra/nashik" };
    const near = await save(buyer, asked);
    const found = await t.search.browseListings(browseQuerySchema.parse(asked));
    const saved = (await t.alerts.listMine({ actor: buyer })).searches.find((s) => s.id === near.id)!;
    expect(saved.query).toMatchObject({ q: "onion", sort: "near", from: "maharashtra/nashik" });
    expect(describeInLanguage(saved.query, "en")).toBe("Onion · nearest to Nashik first");
    expect(describeInLanguage(saved.query, "hi")).toBe("Onion · नासिक के सबसे पास पहले");
    expect(viewmorePathOf(saved.query)).toBe("/viewmore?q=onion&sort=near&from=maharashtra%2Fnashik");
    // Saved a moment ago, it finds what the search finds (it said "0 listings found").
    expect(found.total).toBeGreaterThan(1);
    expect(saved).toMatchObject({ matches: found.total, moreMatches: false, fresh: 0 });
    // Nearest first orders what is found and finds no fewer: an onion far from Nashik is told of too.
    await list({ name: "Ludhiana Onion", state: "punjab", district: "ludhiana" });
    expect(await foundBy(buyer)).toContain("Ludhiana Onion");
    const after = (await t.alerts.listMine({ actor: buyer })).searches.find((s) => s.id === near.id)!;
    expect(after).toMatchObject({ matches: found.total + 1, fresh: 1 });

    // Every other filter /viewmore takes: category, both price bounds, grade, and the order.
    await list({ name: "Graded Onion", price: "18", grade: "A" });
    await list({ name: "Dear Graded Onion", price: "40", grade: "A" });
    const filters = { q: "onion", category: "vegetables", min: "15", max: "25", grade: "A", sort: "price-asc" };
    const filtered = await save(buyer, filters);
    const kept = (await t.alerts.listMine({ actor: buyer })).searches.find((s) => s.id === filtered.id)!;
    expect(kept.query).toMatchObject({ q: "onion", category: "vegetables", minPaise: 1500, maxPaise: 2500, grade: "A", sort: "price-asc" });
    expect(kept.query.from).toBeUndefined();
    expect(describeInLanguage(kept.query, "en")).toBe("Onion · Vegetables · ₹15 / kg – ₹25 / kg · Price: low to high");
    expect(viewmorePathOf(kept.query)).toBe("/viewmore?q=onion&category=vegetables&min=15&max=25&grade=A&sort=price-asc");
    const shown = await t.search.browseListings(browseQuerySchema.parse(filters));
    expect(shown.items.map((item) => item.name)).toEqual(["Graded Onion"]);
    expect(kept.matches).toBe(1);
    // Its alerts match with every filter: a graded onion in range is told of, one out of range is not.
    await list({ name: "Third Graded Onion", price: "22", grade: "A" });
    await list({ name: "Ungraded Onion", price: "22" });
    const told = (await t.alerts.listMine({ actor: buyer })).matches
      .filter((m) => m.savedSearchId === filtered.id)
      .map((m) => m.listing.name);
    expect(told).toEqual(["Third Graded Onion"]);
  });

  it("never tells sellers about their own listings, nor about one that is hidden or paused", async () => {
    const { id } = await save(seller, { q: "tomato" });
    await list({ name: "Tomato" });
    expect((await t.alerts.listMine({ actor: seller })).searches.find((s) => s.id === id)?.fresh).toBe(0);
    const paused = await save(buyer, { q: "brinjal" });
    await t.alerts.act({ actor: buyer, action: { intent: "pause", id: paused.id } });
    await list({ name: "Brinjal" });
    expect((await t.alerts.listMine({ actor: buyer })).searches.find((s) => s.id === paused.id)?.fresh).toBe(0);
  });

  it("matches a listing again when it comes back (renewed, available again) but records it once", async () => {
    await save(buyer, { q: "carrot" });
    const id = await list({ name: "Carrot" });
    await t.listings.markSold({ actor: seller, id });
    await t.listings.markAvailable({ actor: seller, id });
    await t.jobs.runDue();
    expect((await foundBy(buyer)).filter((n) => n === "Carrot")).toHaveLength(1);
  });

  it("saves a listing becoming live and its matching job together: while the database refuses the job, nothing changes (decision 044)", async () => {
    await save(buyer, { q: "radish" });
    // The database itself refuses the job's row, as it would on a fault between the two writes.
    const jobTable = t.jobs.driver === "pg-boss" ? "pgboss.job" : "alert_job";
    const refuseJobs = async (refuse: boolean) => {
      if (engine === "sqlite") {
        await sql
          .raw(
            refuse
              ? `create trigger refuse_jobs before insert on ${jobTable} begin select raise(abort, 'refused'); end`
              : "drop trigger refuse_jobs",
          )
          .execute(t.db.kysely);
      } else if (refuse) {
        await sql
          .raw("create or replace function refuse_jobs() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$")
          .execute(t.db.kysely);
        await sql
          .raw(`create trigger refuse_jobs before insert on ${jobTable} for each row execute function refuse_jobs()`)
          .execute(t.db.kysely);
      } else await sql.raw(`drop trigger refuse_jobs on ${jobTable}`).execute(t.db.kysely);
    };
    const statusOf = async (id: string) =>
      await t.db.kysely.selectFrom("listing").select(["status", "expires_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    await refuseJobs(true);
    try {
      await expect(list({ name: "Radish" })).rejects.toThrow(/refused/);
      expect(await t.db.kysely.selectFrom("listing").select("id").where("name", "=", "Radish").execute()).toEqual([]);
    } finally {
      await refuseJobs(false);
    }
    const id = await list({ name: "Radish" });
    expect(await foundBy(buyer)).toContain("Radish");
    await t.listings.markSold({ actor: seller, id });
    const sold = await statusOf(id);
    t.clock.now += 60_000;
    await refuseJobs(true);
    try {
      await expect(t.listings.markAvailable({ actor: seller, id })).rejects.toThrow(/refused/);
      // A sold listing is not renewed at all (issue 42): refused before any write.
      await expect(t.listings.renewListing({ actor: seller, id })).rejects.toThrow(/is sold/);
      expect(await statusOf(id)).toEqual(sold);
    } finally {
      await refuseJobs(false);
    }
  });

  it("counts what is new since the last visit", async () => {
    expect(await t.alerts.countUnseen(buyer)).toBeGreaterThan(0);
    await t.alerts.markSeen({ actor: buyer });
    expect(await t.alerts.countUnseen(buyer)).toBe(0);
    await save(buyer, { category: "fruits" });
    await list({ name: "Mango", category: "fruits" });
    expect(await t.alerts.countUnseen(buyer)).toBe(1);
  });

  it("marks as seen only what the page showed, never back, and only for someone signed in (issue 38, finding 7)", async () => {
    await t.alerts.markSeen({ actor: other });
    await save(other, { q: "okra" });
    await list({ name: "Okra" });
    const shown = await t.alerts.listMine({ actor: other });
    const until = Math.max(...shown.matches.filter((m) => m.fresh).map((m) => m.foundAt));
    expect(await t.alerts.countUnseen(other)).toBe(1);
    // Found after the page was shown: still new once the page's post arrives.
    await list({ name: "Okra, second picking" });
    await t.alerts.markSeen({ actor: other, until });
    expect(await t.alerts.countUnseen(other)).toBe(1);
    await t.alerts.act({ actor: other, action: { intent: "seen", until: t.clock.now } });
    expect(await t.alerts.countUnseen(other)).toBe(0);
    // An older page's post, arriving late, brings nothing back; a time ahead of the clock marks only up to now.
    await t.alerts.markSeen({ actor: other, until });
    expect(await t.alerts.countUnseen(other)).toBe(0);
    await t.alerts.markSeen({ actor: other, until: t.clock.now + 3_600_000 });
    await list({ name: "Okra, third picking" });
    expect(await t.alerts.countUnseen(other)).toBe(1);
    await expect(t.alerts.markSeen({ actor: null })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("lets nobody read or change another person's saved search", async () => {
    const { id } = await save(buyer, { q: "garlic" });
    for (const action of [
      { intent: "delete", id },
      { intent: "pause", id },
      { intent: "rename", id, name: "mine now" },
    ] as const) {
      await expect(t.alerts.act({ actor: other, action })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await t.alerts.listMine({ actor: other })).searches.some((s) => s.id === id)).toBe(false);
    await t.alerts.act({ actor: buyer, action: { intent: "rename", id, name: "Garlic for the shop" } });
    expect((await t.alerts.listMine({ actor: buyer })).searches.find((s) => s.id === id)?.name).toBe("Garlic for the shop");
    await expect(t.alerts.act({ actor: null, action: { intent: "delete", id } })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("keeps to the configured number of saved searches per person", async () => {
    const have = (await t.alerts.listMine({ actor: other })).searches.length;
    for (let i = have; i < 12; i++) await save(other, { q: `grain ${i}` });
    await expect(save(other, { q: "one too many" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("records each match and queues each push job once when a listing matches more saved searches than one INSERT holds, all or nothing", async () => {
    // A repository writing two matches to a statement: five matches take three INSERTs.
    const repository = createSavedSearchesRepository(t.db.kysely, { rowsPerStatement: 2 });
    const alerts = createAlertsService({
      repository,
      correctQuery: async () => null,
      countMatching: async () => ({ total: 0, moreThanTotal: false }),
      jobs: t.jobs,
      maxSavedSearches: 12,
      mailEnabled: false,
      logger: createLogger("silent"),
      now: () => t.clock.now,
    });
    const person = await t.accounts.signUp({ ...makeSeller(11), phone: "+919876543219" }, new Headers());
    const queries: Array<Record<string, string>> = [
      { q: "beetroot" },
      { q: "beetroot", state: "maharashtra" },
      { q: "beetroot", state: "maharashtra", district: "nashik" },
      { q: "beetroot", max: "30" },
      { q: "beetroot nashik" },
    ];
    const ids: string[] = [];
    for (const query of queries) {
      const { id } = await save(person, query);
      await t.alerts.act({ actor: person, action: { intent: "settings", id, pace: "instant", hour: 8, app: "on", push: "on" } });
      ids.push(id);
    }
    t.clock.now += 60_000;
    // Listed, not yet matched: its match-listing job waits in the queue until runDue below.
    const { id: listingId } = await t.listings.createListing({
      actor: seller,
      fields: listingFields({ name: "Beetroot", price: "20", category: "vegetables", state: "maharashtra", district: "nashik" }),
      photos: [{ bytes: photo, fileName: "p.jpg" }],
    });
    const matchesOf = async () =>
      (await t.db.kysely.selectFrom("alert_match").select("saved_search_id").where("listing_id", "=", listingId).execute())
        .map((row) => row.saved_search_id)
        .sort();
    const pushJobsOf = async () =>
      t.jobs.driver === "pg-boss"
        ? (
            await sql<{
              n: string;
            }>`select count(*) as n from pgboss.job where name = 'push-match' and data->'payload'->>'listingId' = ${listingId}`.execute(
              t.db.kysely,
            )
          ).rows.map((row) => Number(row.n))[0]
        : (
            await t.db.kysely
              .selectFrom("alert_job")
              .select("id")
              .where("kind", "=", "push-match")
              .where("payload", "like", `%${listingId}%`)
              .execute()
          ).length;

    // A run that fails after its matches are written (here, while queueing the jobs) leaves none of them.
    const rows = ids.map((id, i) => ({
      id: `killed-${i}`,
      saved_search_id: id,
      listing_id: listingId,
      user_id: person.id,
      created_at: t.clock.now,
    }));
    await expect(repository.recordMatches(rows, async () => Promise.reject(new Error("killed half-way")))).rejects.toThrow(
      "killed half-way",
    );
    expect(await matchesOf()).toEqual([]);

    const first = await alerts.matchListing(listingId);
    expect(first.matched.sort()).toEqual([...ids].sort());
    expect(await matchesOf()).toEqual([...ids].sort());
    expect(await pushJobsOf()).toBe(5);
    // Again, and through the app's own job (its own repository): still each pair once, each job once.
    await alerts.matchListing(listingId);
    await t.jobs.runDue();
    expect(await matchesOf()).toEqual([...ids].sort());
    expect(await pushJobsOf()).toBe(5);
  });

  it("queues a pair's jobs with its match and never again: a listing matched again queues only for the searches it newly matches", async () => {
    const person = await t.accounts.signUp({ ...makeSeller(12), phone: "+919876543220" }, new Headers());
    const pushSearch = async (query: Record<string, string>) => {
      const { id } = await save(person, query);
      await t.alerts.act({ actor: person, action: { intent: "settings", id, pace: "instant", hour: 8, app: "on", push: "on" } });
      return id;
    };
    // Which saved searches have a push job for the listing, by their keys (listing first).
    const pushJobsOf = async (listingId: string) => {
      const keys =
        t.jobs.driver === "pg-boss"
          ? (
              await sql<{
                key: string;
              }>`select singleton_key as key from pgboss.job where name = 'push-match' and data->'payload'->>'listingId' = ${listingId}`.execute(
                t.db.kysely,
              )
            ).rows.map((row) => row.key)
          : (
              await t.db.kysely
                .selectFrom("alert_job")
                .select("dedupe_key as key")
                .where("kind", "=", "push-match")
                .where("payload", "like", `%${listingId}%`)
                .execute()
            ).map((row) => row.key);
      return keys.map((key) => key.replace(`push:${listingId}:`, "")).sort();
    };
    const first = await pushSearch({ q: "turnip" });
    const listingId = await list({ name: "Turnip" });
    expect(await pushJobsOf(listingId)).toEqual([first]);

    // The first pair's job has run and been forgotten (as the queue forgets done jobs after a
    // week); a second search is saved; the listing is matched again (renewed, or its job rerun).
    if (t.jobs.driver === "pg-boss") {
      await sql`delete from pgboss.job where name = 'push-match' and data->'payload'->>'listingId' = ${listingId}`.execute(t.db.kysely);
      await sql`delete from pgboss.archive where name = 'push-match' and data->'payload'->>'listingId' = ${listingId}`.execute(t.db.kysely);
    } else {
      await t.db.kysely.deleteFrom("alert_job").where("kind", "=", "push-match").where("payload", "like", `%${listingId}%`).execute();
    }
    const second = await pushSearch({ q: "turnip", state: "maharashtra" });
    const again = await t.alerts.matchListing(listingId);
    expect(again.matched.sort()).toEqual([first, second].sort());
    // Only the new pair is queued: the recorded one had its job when its match was written.
    expect(await pushJobsOf(listingId)).toEqual([second]);
    await t.alerts.matchListing(listingId);
    expect(await pushJobsOf(listingId)).toEqual([second]);
    const matches = await t.db.kysely.selectFrom("alert_match").select("saved_search_id").where("listing_id", "=", listingId).execute();
    expect(matches.map((row) => row.saved_search_id).sort()).toEqual([first, second].sort());
  });

  it("a saved search deleted while a listing's matches are being recorded keeps no match, whichever comes first", async () => {
    const repository = createSavedSearchesRepository(t.db.kysely);
    const person = await t.accounts.signUp({ ...makeSeller(13), phone: "+919876543221" }, new Headers());
    const first = (await save(person, { q: "okra" })).id;
    const second = (await save(person, { q: "okra tender" })).id;
    const match = (savedSearchId: string, n: number) => ({
      id: `okra-match-${n}`,
      saved_search_id: savedSearchId,
      listing_id: `okra-listing-${n}`,
      user_id: person.id,
      created_at: t.clock.now,
    });
    const matchesOf = async (savedSearchId: string) =>
      (await t.db.kysely.selectFrom("alert_match").select("id").where("saved_search_id", "=", savedSearchId).execute()).map(
        (row) => row.id,
      );
    const moment = () => new Promise((resolve) => setTimeout(resolve, 200));

    // Recording first: the deletion, begun while the recording's transaction is open, waits for
    // it and then removes what it recorded.
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const recording = repository.recordMatches([match(first, 1)], async () => {
      inside();
      await held;
    });
    await entered;
    const deleting = repository.delete(first);
    await moment();
    release();
    await Promise.all([recording, deleting]);
    expect(await matchesOf(first)).toEqual([]);

    // The deletion first (its transaction open, the search's row gone but not yet committed):
    // the recording waits for it and finds the search gone.
    let recordingAfter: Promise<void> | undefined;
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom("saved_search").where("id", "=", second).execute();
      recordingAfter = repository.recordMatches([match(second, 2)]);
      await moment();
    });
    await recordingAfter;
    expect(await matchesOf(second)).toEqual([]);
  });

  it("lists a person's newest matches across many saved searches, in order, hidden listings left out, with what is new (migration 0033)", async () => {
    const repository = createSavedSearchesRepository(t.db.kysely);
    const person = await t.accounts.signUp({ ...makeSeller(12), phone: "+919876543220" }, new Headers());
    const searches: string[] = [];
    for (let i = 0; i < 5; i++) searches.push((await save(person, { q: `millet ${i}` })).id);
    const theirs = (await save(buyer, { q: "millet" })).id;
    // 200 listings, one in seven hidden by moderation; matched a few at a time (equal times), each by some of the searches.
    const base = t.clock.now + 1_000_000;
    const listings = Array.from({ length: 200 }, (_, i) => ({
      id: `millet-listing-${String(i).padStart(3, "0")}`,
      seller_id: seller.id,
      name: `Millet ${i}`,
      name_search: `millet ${i}`,
      category: "wheat",
      price_paise: 2_000,
      description: "d",
      image_key: `listings/millet-${i}`,
      image_name: null,
      created_at: base,
      status: "active" as const,
      expires_at: base + 30 * 86_400_000,
      unit: "kg",
      grams_per_unit: 1000,
      unit_price_paise: 2_000,
      organic: 0,
      state: "maharashtra",
      district: "nashik",
      hidden_at: i % 7 === 3 ? base : null,
    }));
    for (let i = 0; i < listings.length; i += 50)
      await t.db.kysely
        .insertInto("listing")
        .values(listings.slice(i, i + 50))
        .execute();
    const matches = listings.flatMap((listing, i) =>
      [...searches, theirs]
        .filter((_, s) => (i + s) % 3 !== 0)
        .map((savedSearchId, s) => ({
          id: `millet-match-${String(i).padStart(3, "0")}-${s}`,
          saved_search_id: savedSearchId,
          listing_id: listing.id,
          user_id: savedSearchId === theirs ? buyer.id : person.id,
          created_at: base + Math.floor(i / 4) * 1_000,
        })),
    );
    await repository.recordMatches(matches);
    // Two of the searches were looked at halfway.
    const seenAt = base + 25 * 1_000;
    for (const id of searches.slice(0, 2))
      await t.db.kysely.updateTable("saved_search").set({ seen_at: seenAt }).where("id", "=", id).execute();
    const seen = new Map(searches.map((id, i) => [id, i < 2 ? seenAt : t.clock.now]));

    const hidden = new Set(listings.filter((l) => l.hidden_at !== null).map((l) => l.id));
    const expected = () =>
      matches
        .filter((m) => m.user_id === person.id && !hidden.has(m.listing_id))
        .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1))
        .map((m) => ({
          savedSearchId: m.saved_search_id,
          foundAt: m.created_at,
          fresh: m.created_at > seen.get(m.saved_search_id)!,
          listingId: m.listing_id,
        }));
    const shown = (list: Awaited<ReturnType<typeof repository.listMatches>>) =>
      list.map((m) => ({ savedSearchId: m.savedSearchId, foundAt: m.foundAt, fresh: m.fresh, listingId: m.listing.id }));
    for (const limit of [1, 7, 50, 1_000])
      expect(shown(await repository.listMatches(person.id, limit)), `limit ${limit}`).toEqual(expected().slice(0, limit));
    // My alerts shows the same 50.
    expect(shown((await t.alerts.listMine({ actor: person })).matches)).toEqual(expected().slice(0, 50));
    // The 40 newest listings hidden: the newest matches left are older than each search's 50th newest.
    const newest = listings.slice(160).map((l) => l.id);
    await t.db.kysely.updateTable("listing").set({ hidden_at: base }).where("id", "in", newest).execute();
    for (const id of newest) hidden.add(id);
    for (const limit of [1, 7, 50])
      expect(shown(await repository.listMatches(person.id, limit)), `limit ${limit}, the newest hidden`).toEqual(
        expected().slice(0, limit),
      );
    // The header's count: every match after its search's seen_at, hidden listings included (as before).
    const unseen = matches.filter((m) => m.user_id === person.id && m.created_at > seen.get(m.saved_search_id)!).length;
    // (Counted after the hiding above: the count never looked at the listing.)
    expect(unseen).toBeGreaterThan(0);
    expect(await t.alerts.countUnseen(person)).toBe(unseen);
    expect(await repository.listMatches(buyer.id, 0)).toEqual([]);
    expect(await repository.listMatches("nobody", 50)).toEqual([]);
  });

  it("saves a price bound above the highest a listing may have as that price, and lists a search saved with one before", async () => {
    const person = await t.accounts.signUp({ ...makeSeller(14), phone: "+919876543222" }, new Headers());
    // "99999999999" and "12,50,000" rupees a kg, which no listing costs: read as the highest price, which finds the same.
    await save(person, { q: "okra", min: "99999999999", max: "12,50,000" });
    expect((await t.alerts.listMine({ actor: person })).searches.map((s) => [s.query.minPaise, s.query.maxPaise])).toEqual([
      [100_000_000, 100_000_000],
    ]);
    // A row saved before that (its JSON as it was stored) made My alerts a 500; it reads as the highest price now.
    await t.db.kysely
      .updateTable("saved_search")
      .set({
        query: JSON.stringify({
          q: "okra",
          by: "any",
          category: "",
          state: "",
          district: "",
          minPaise: 9_999_999_999_900,
          maxPaise: 125_000_000,
        }),
      })
      .where("user_id", "=", person.id)
      .execute();
    const [search] = (await t.alerts.listMine({ actor: person })).searches;
    expect([search?.query.minPaise, search?.query.maxPaise]).toEqual([100_000_000, 100_000_000]);
  });

  it("removes a person's saved searches and matches with their account", async () => {
    const person = signupSchema.parse(makeSeller(9, { email: "leaving-alerts@example.in", phone: "9123456709" }));
    const { id } = await t.accounts.signUp(person, new Headers());
    const here = new Headers({
      cookie: (await t.accounts.signIn(person, new Headers()))
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    });
    await save({ id }, { q: "okra" });
    await list({ name: "Okra" });
    expect((await t.alerts.listMine({ actor: { id } })).matches).toHaveLength(1);
    const actor = await t.accounts.getSessionUser(here);
    await t.accountDeletion.deleteAccount({ actor, password: person.password, requestHeaders: here });
    for (const table of ["saved_search", "alert_match", "alert_job"] as const) {
      expect(await t.db.kysely.selectFrom(table).select("id").where("user_id", "=", id).execute(), table).toHaveLength(0);
    }
  });
});
