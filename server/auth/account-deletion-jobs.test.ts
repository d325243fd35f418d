/**
 * Deleting a seller's account removes the queued jobs found through their listings (issue 24,
 * decisions 012 and 028), with each job driver: pg-boss on PostgreSQL (its own tables, in the
 * deletion's transaction), our job table on SQLite, and on PostgreSQL with JOB_DRIVER=sql. A buyer's
 * saved search matched the leaving seller's listing and another seller's: the matching, email and
 * push jobs about the leaving seller's listing go (and the job making its share cards), though
 * they were queued for the buyer, and those about the other listing stay.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedQueryOf } from "../../core/alerts/saved-search";
import { signupSchema } from "../../core/accounts/account-forms";
import { browseQuerySchema } from "../../core/search/search-query";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { closedPort } from "../../tests/support/test-smtp-server";
import { makeProducePhoto, makeSeller } from "../seed/factories";

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

interface QueuedJob {
  kind: string;
  listingId: string | null;
  userId: string | null;
}

const cases = [
  ...testEngines().map((engine) => ({ engine, driver: engine === "postgres" ? ("pg-boss" as const) : ("sql" as const) })),
  ...(testEngines().includes("postgres") ? [{ engine: "postgres" as const, driver: "sql" as const }] : []),
];

describe.each(cases)("deleting a seller's account: $driver on $engine", ({ engine, driver }) => {
  let t: TestServices;

  beforeAll(async () => {
    // Mail on (to a port nobody answers: no job runs here), so matches queue email too.
    const mail = { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_FROM: "Mandi <alerts@mandi.example.in>" };
    t = await createTestServices({ engine, env: { ...mail, ...(driver === "sql" ? { JOB_DRIVER: "sql" } : {}) } });
  }, 60_000);
  afterAll(async () => {
    await t.cleanup();
  });

  /** Every job the queue holds, whatever its state, with the listing its payload names. */
  async function queuedJobs(): Promise<QueuedJob[]> {
    if (t.jobs.driver === "pg-boss") {
      const { rows } = await sql<QueuedJob>`
        select name as kind, data->'payload'->>'listingId' as "listingId", data->>'userId' as "userId" from pgboss.job
        union all
        select name, data->'payload'->>'listingId', data->>'userId' from pgboss.archive`.execute(t.db.kysely);
      return rows;
    }
    const rows = await t.db.kysely.selectFrom("alert_job").select(["kind", "payload", "user_id"]).execute();
    return rows.map((row) => ({
      kind: row.kind,
      listingId: (JSON.parse(row.payload) as { listingId?: string }).listingId ?? null,
      userId: row.user_id,
    }));
  }
  const about = async (listingId: string) =>
    (await queuedJobs())
      .filter((job) => job.listingId === listingId)
      .map((job) => job.kind)
      .sort();

  it("removes the matching, email and push jobs about their listings, queued for anyone, and keeps the rest", async () => {
    expect(t.jobs.driver).toBe(driver);
    const person = signupSchema.parse(makeSeller(801, { email: `leaving-jobs-${engine}-${driver}@example.in`, phone: "9123456801" }));
    const { id: leavingId } = await t.accounts.signUp(person, new Headers());
    const here = new Headers({ cookie: cookieOf(await t.accounts.signIn(person, new Headers())) });
    const staying = await t.accounts.signUp({ ...makeSeller(802), phone: "+919123456802" }, new Headers());
    const buyer = await t.accounts.signUp({ ...makeSeller(803), phone: "+919123456803" }, new Headers());

    const { id: searchId } = await t.alerts.saveSearch({
      actor: buyer,
      query: savedQueryOf(browseQuerySchema.parse({ q: "onion", state: "maharashtra", district: "nashik" })),
    });
    await t.alerts.act({
      actor: buyer,
      action: { intent: "settings", id: searchId, pace: "instant", hour: 8, app: "on", email: "on", push: "on" },
    });

    const photo = await makeProducePhoto("vegetables", 1, { width: 160, height: 120 });
    const list = async (actor: { id: string }, name: string) =>
      (
        await t.listings.createListing({
          actor,
          fields: listingFields({ name, price: "20", category: "vegetables", state: "maharashtra", district: "nashik" }),
          photos: [{ bytes: photo, fileName: "p.jpg" }],
        })
      ).id;
    const leavingListing = await list({ id: leavingId }, "Leaving Nashik Onion");
    const stayingListing = await list(staying, "Staying Nashik Onion");
    // Matching runs (as its job would), queuing the buyer's email and push; the matching jobs themselves stay queued.
    for (const listing of [leavingListing, stayingListing]) expect((await t.alerts.matchListing(listing)).matched).toEqual([searchId]);
    expect(await about(leavingListing)).toEqual(["email-match", "match-listing", "push-match", "share-cards"]);
    expect(await about(stayingListing)).toEqual(["email-match", "match-listing", "push-match", "share-cards"]);
    const buyersBefore = (await queuedJobs()).filter((job) => job.userId === buyer.id && job.listingId === stayingListing);

    await t.accountDeletion.deleteAccount({
      actor: await t.accounts.getSessionUser(here),
      password: person.password,
      requestHeaders: here,
    });

    expect(await about(leavingListing)).toEqual([]);
    expect((await queuedJobs()).filter((job) => job.userId === leavingId)).toEqual([]);
    expect(await about(stayingListing)).toEqual(["email-match", "match-listing", "push-match", "share-cards"]);
    expect((await queuedJobs()).filter((job) => job.userId === buyer.id && job.listingId === stayingListing)).toEqual(buyersBefore);
  }, 60_000);
});
