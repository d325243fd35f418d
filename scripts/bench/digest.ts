/**
 * `npm run bench:digest -- [--people 10000] [--listings 2000]`
 *
 * Sending the daily digest to 10,000 people (decisions 026 and 030), through the jobs the app
 * runs: one "digest-tick" queues an "email-digest" job per due saved search, and each job reads
 * the search, its person and its matches, writes the email in the person's language and sends it
 * with nodemailer to a real SMTP server (smtp-server on 127.0.0.1, in this process, which keeps
 * and counts what it accepts), then marks the matches emailed. The queue is run by
 * `jobs.runDue()`, the loop a started queue runs at each poll, without the waits between polls.
 *
 * Each person has one daily-digest saved search (30 % in Hindi) that found 1 to 5 live listings
 * in the last day. Baseline in the same run: the same reads and the same emails written, one
 * after another, without the job queue and without sending (what the mail costs to make).
 *
 * SQLite in a temp folder by default; the PostgreSQL database DATABASE_URL names (emptied of
 * alert data first) runs it on pg-boss, the driver PostgreSQL deployments use.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { prepareDataDir } from "../../server/config";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";
import { describeInLanguage } from "../../core/alerts/describe";
import { readSavedQuery, savedSearchIndex } from "../../core/alerts/saved-search-index";
import { createSavedSearchesRepository, keyRow } from "../../server/alerts/saved-searches.repository";
import { createAlertMailRepository } from "../../server/alerts/delivery/alert-mail.repository";
import { createMailSuppressionRepository } from "../../server/alerts/delivery/mail-suppression.repository";
import { composeAlertMail } from "../../server/mail/alert-mail";
import { DIGEST_MAX_LISTINGS, digestTickJob, unsubscribeUrl } from "../../server/alerts/delivery/alert-mail-jobs";
import { seededRandom, syntheticListings } from "../../server/seed/factories";
import { startOfIndiaDay } from "../../core/shared/dates";
import type { SavedQuery } from "../../core/alerts/saved-search";
import { startTestSmtpServer } from "../../tests/support/test-smtp-server";
import {
  clearBenchAlerts,
  digestProgress,
  insertBenchListings,
  insertBenchMatches,
  insertBenchSavedSearches,
  insertBenchUsers,
  type BenchListing,
} from "./bench.repository";
import { argument } from "./measure";
import { benchPostgresUrl } from "./bench-database";

const PEOPLE = Number(argument("people", "10000"));
const LISTINGS = Number(argument("listings", "2000"));
const BASE_URL = "https://mandi.example.in";
const SECRET = "bench-only-secret-never-used-to-sign";
const HOUR = 3_600_000;
const pgUrl = benchPostgresUrl();
// 09:00 in India today: every digest due at 08:00 is due.
const NOW = startOfIndiaDay(Date.now()) + 9 * HOUR;
const random = seededRandom(26);
const PLACES = [
  ["maharashtra", "nashik"],
  ["maharashtra", "pune"],
  ["punjab", "ludhiana"],
  ["uttar-pradesh", "agra"],
  ["karnataka", "kolar"],
  ["bihar", "patna"],
] as const;

const tempDir = mkdtempSync(path.join(tmpdir(), "mandi-bench-digest-"));
const url = pgUrl ?? `sqlite:${path.join(tempDir, "bench.sqlite")}`;
const db = openDatabase(url);
await migrateToLatest(db);
const smtp = await startTestSmtpServer({ noDelay: true });
const services = await createServices(
  prepareDataDir({
    NODE_ENV: "production",
    DATA_DIR: tempDir,
    DATABASE_URL: url,
    AUTH_SECRET: SECRET,
    LOG_LEVEL: "silent",
    BASE_URL,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Mandi <alerts@mandi.example.in>",
  }),
  { migrate: false, logger: createLogger("silent"), now: () => NOW },
);

try {
  await clearBenchAlerts(db.kysely);
  const seller = { id: "bench-alerts-seller", name: "Bench seller", email: "seller@bench.example.in" };
  const people = Array.from({ length: PEOPLE }, (_, i) => ({
    id: `bench-alerts-${i}`,
    name: `Buyer ${i}`,
    email: `buyer${i}@bench.example.in`,
  }));
  await insertBenchUsers(db.kysely, db.dialect, [seller, ...people]);
  const listings: BenchListing[] = [...syntheticListings(LISTINGS, { seed: 5 })].map((l, i) => {
    const [state, district] = PLACES[i % PLACES.length]!;
    return {
      id: randomUUID(),
      sellerId: seller.id,
      name: l.name,
      category: l.category,
      pricePaise: l.pricePaise,
      state,
      district,
      grade: null,
      createdAt: NOW - 2 * HOUR,
    };
  });
  await insertBenchListings(db.kysely, listings);

  const searches = people.map((person, i) => {
    const listing = listings[i % listings.length]!;
    const query: SavedQuery = {
      q: listing.name.split(" ").at(-1)!.toLowerCase(),
      by: "any",
      category: "",
      state: listing.state,
      district: "",
    };
    const id = randomUUID();
    const row = {
      id,
      user_id: person.id,
      name: null,
      query: JSON.stringify(query),
      paused: 0,
      pace: "daily",
      digest_hour: 8,
      channels: "app,email",
      created_at: 0,
      updated_at: 0,
      seen_at: 0,
      last_digest_at: null,
      language: i % 10 < 3 ? "hi" : "en",
    };
    return { row, keys: savedSearchIndex(query).map((key) => keyRow(id, key)) };
  });
  await insertBenchSavedSearches(db.kysely, searches);
  const matches = searches.flatMap(({ row }) =>
    Array.from({ length: 1 + Math.floor(random() * 5) }, (_, k) => ({
      id: randomUUID(),
      saved_search_id: row.id,
      listing_id: listings[Math.floor(random() * listings.length)]!.id,
      user_id: row.user_id,
      created_at: NOW - HOUR + k,
    })),
  );
  const unique = [...new Map(matches.map((m) => [`${m.saved_search_id}|${m.listing_id}`, m])).values()];
  await insertBenchMatches(db.kysely, unique);
  console.log(
    `${PEOPLE.toLocaleString("en-IN")} people with a daily digest due, ${unique.length.toLocaleString("en-IN")} listings found for them (${(unique.length / PEOPLE).toFixed(1)} each), on ${db.dialect} (${services.jobs.driver} job queue)`,
  );

  // Baseline: the same reads and emails, made one after another, with no queue and no SMTP.
  const savedSearches = createSavedSearchesRepository(db.kysely);
  const mailRepository = createAlertMailRepository(db.kysely);
  const suppression = createMailSuppressionRepository(db.kysely, SECRET);
  let bytes = 0;
  const composeStarted = performance.now();
  for (const { row } of searches) {
    const search = await savedSearches.find(row.id);
    const recipient = await mailRepository.findRecipient(row.user_id);
    if (!search || !recipient || !recipient.emailVerified || (await suppression.isSuppressed(recipient.email))) continue;
    const found = await mailRepository.findDigestMatches(search.id, NOW - 7 * 24 * HOUR, NOW, DIGEST_MAX_LISTINGS);
    const language = search.language === "hi" ? "hi" : "en";
    const mail = composeAlertMail({
      to: recipient.email,
      language,
      search: describeInLanguage(readSavedQuery(search.query), language),
      listings: found.map((m) => m.listing),
      baseUrl: BASE_URL,
      unsubscribeUrl: unsubscribeUrl(BASE_URL, SECRET, { savedSearchId: search.id, userId: search.user_id }),
    });
    bytes += mail.text.length + mail.html.length;
  }
  const composeSeconds = (performance.now() - composeStarted) / 1000;

  // The jobs: the hour's tick queues every due digest, then the queue runs until none is left.
  const started = performance.now();
  await services.jobs.enqueue(digestTickJob, {}, { key: `bench-digest-tick:${NOW}` });
  const tickRan = await services.jobs.runDue();
  let ran = tickRan;
  for (let more = tickRan; more > 0;) {
    more = await services.jobs.runDue();
    ran += more;
  }
  const sendSeconds = (performance.now() - started) / 1000;
  const progress = await digestProgress(db.kysely, startOfIndiaDay(NOW));
  const sent = smtp.received.length;
  console.log(
    `Sending, the job path (digest-tick, then email-digest jobs to smtp-server): ${sent.toLocaleString("en-IN")} emails in ${sendSeconds.toFixed(1)} s, ${(sent / sendSeconds).toFixed(0)} emails/s (${ran.toLocaleString("en-IN")} jobs run; ${progress.digested.toLocaleString("en-IN")} searches marked digested, ${progress.emailed.toLocaleString("en-IN")} matches marked emailed)`,
  );
  console.log(
    `Baseline, the same emails read and written without the queue or SMTP: ${searches.length.toLocaleString("en-IN")} in ${composeSeconds.toFixed(1)} s, ${(searches.length / composeSeconds).toFixed(0)} emails/s (${Math.round(bytes / searches.length / 1024)} KB of text and HTML each)`,
  );
  if (sent !== PEOPLE) console.log(`Warning: ${PEOPLE - sent} digests were not received.`);
} finally {
  await services.close();
  await db.close();
  await smtp.close();
  rmSync(tempDir, { recursive: true, force: true });
}
