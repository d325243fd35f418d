/**
 * `npx tsx scripts/bench/alert-match-indexes.ts`: what each of alert_match's indexes costs a
 * listing's matches on SQLite (decision 030, "what is left"). For each layout, a fresh file: 400
 * listings' worth of 360 matches each (the market-like mean of bench:alerts), saved searches and
 * people drawn at random from 100,000 and 20,000 as a listing's matches are; prints the CPU and
 * wall time of the last 200 inserts (one INSERT … SELECT from json_each each, ON CONFLICT DO
 * NOTHING), when the table holds 72,000 to 144,000 rows. A diagnosis, not the app's code: the
 * layouts other than "current" were candidates for a migration; "migration_0033" is the one made.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { timeOrderedId } from "../../server/db/time-ordered-id";

const variants: Record<string, string[]> = {
  // alert_match as migration 0016 made it, ids from randomUUID (before this change) …
  current_randomid: [
    `create table t (id text primary key, saved_search_id text not null, listing_id text not null, user_id text not null, created_at bigint not null, emailed_at bigint, pushed_at bigint, constraint p unique (saved_search_id, listing_id))`,
    `create index u on t (user_id, created_at)`,
  ],
  // … and with time-ordered ids (now).
  current: [
    `create table t (id text primary key, saved_search_id text not null, listing_id text not null, user_id text not null, created_at bigint not null, emailed_at bigint, pushed_at bigint, constraint p unique (saved_search_id, listing_id))`,
    `create index u on t (user_id, created_at)`,
  ],
  pair_listing_first: [
    `create table t (id text primary key, saved_search_id text not null, listing_id text not null, user_id text not null, created_at bigint not null, emailed_at bigint, pushed_at bigint, constraint p unique (listing_id, saved_search_id))`,
    `create index u on t (user_id, created_at)`,
  ],
  // Migration 0033 (decision 030, amended): the pair keyed by listing first, the user index replaced by the saved search's.
  migration_0033: [
    `create table t (id text primary key, saved_search_id text not null, listing_id text not null, user_id text not null, created_at bigint not null, emailed_at bigint, pushed_at bigint, constraint p unique (listing_id, saved_search_id))`,
    `create index s on t (saved_search_id, created_at)`,
  ],
  no_user_idx: [
    `create table t (id text primary key, saved_search_id text not null, listing_id text not null, user_id text not null, created_at bigint not null, emailed_at bigint, pushed_at bigint, constraint p unique (saved_search_id, listing_id))`,
  ],
  pk_only: [
    `create table t (id text primary key, saved_search_id text not null, listing_id text not null, user_id text not null, created_at bigint not null, emailed_at bigint, pushed_at bigint)`,
  ],
};
const searches = Array.from({ length: 100_000 }, () => randomUUID());
const users = Array.from({ length: 20_000 }, (_, i) => `bench-alerts-${i}`);
const pick = <T>(l: T[]) => l[Math.floor(Math.random() * l.length)]!;
const cpu = (f: () => void) => {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
for (const [name, ddl] of Object.entries(variants)) {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-bench-alert-indexes-"));
  const raw = new SQLite(path.join(dir, "x.sqlite"));
  // As the app opens it (server/db/database.ts).
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = NORMAL");
  for (const d of ddl) raw.exec(d);
  const ins = raw.prepare(
    "insert into t (id, saved_search_id, listing_id, user_id, created_at) select value->>0, value->>1, value->>2, value->>3, value->>4 from json_each(?) where true on conflict do nothing",
  );
  let total = 0;
  let wall = 0;
  for (let i = 0; i < 400; i++) {
    const listing = randomUUID();
    const rows = Array.from({ length: 360 }, () => [
      name === "current_randomid" ? randomUUID() : timeOrderedId(),
      pick(searches),
      listing,
      pick(users),
      Date.now(),
    ]);
    const w0 = performance.now();
    const c = cpu(() => ins.run(JSON.stringify(rows)));
    if (i >= 200) {
      total += c;
      wall += performance.now() - w0;
    }
  }
  console.log(`${name}: ${(total / 200).toFixed(2)} ms cpu, ${(wall / 200).toFixed(2)} ms wall per 360 rows (after 72,000 rows)`);
  raw.close();
  rmSync(dir, { recursive: true, force: true });
}
