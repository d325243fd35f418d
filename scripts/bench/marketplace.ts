/**
 * Builds (or reuses) a synthetic marketplace of N listings for the benchmarks: a SQLite file under
 * /tmp/mandi-bench, or the PostgreSQL database DATABASE_URL names (emptied first when its size
 * differs). Goes through the real migrations, so the search tables and triggers are the app's.
 */
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import cliProgress from "cli-progress";
import { openDatabase, type Db } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { syntheticListings } from "../../server/seed/factories";
import { countListings, emptyMarketplace, knowsProduce, loadPostgres, loadSqlite } from "./bench.repository";

export interface Marketplace {
  db: Db;
  url: string;
  listings: number;
  names: number;
  /** Seconds the build took, or null when an existing one was reused. */
  buildSeconds: number | null;
  sizeBytes: number | null;
}

const SELLERS = 1_000;

export async function openMarketplace(options: { listings: number; url?: string; rebuild?: boolean; dir?: string }): Promise<Marketplace> {
  const postgres = options.url?.startsWith("postgres");
  const file = path.join(options.dir ?? "/tmp/mandi-bench", `marketplace-${options.listings}.sqlite`);
  const url = postgres ? options.url! : `sqlite:${file}`;

  if (!postgres && options.rebuild) for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  if (!postgres) mkdirSync(path.dirname(file), { recursive: true });
  let db = openDatabase(url);
  await migrateToLatest(db);
  let counts = await countListings(db.kysely);
  let buildSeconds: number | null = null;
  // Built before listings knew their produce and grade (issue 23): built again.
  if (counts.listings && !(await knowsProduce(db.kysely))) {
    console.log("The marketplace's listings have no produce or grade yet: building it again.");
    await db.close();
    if (!postgres) for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    db = openDatabase(url);
    await migrateToLatest(db);
    if (postgres) await emptyMarketplace(db.kysely);
    counts = await countListings(db.kysely);
  }

  if (counts.listings !== options.listings || options.rebuild) {
    if (counts.listings) {
      if (!postgres) throw new Error(`${file} holds ${counts.listings} listings; run with --rebuild`);
      await emptyMarketplace(db.kysely);
    }
    await db.close();
    console.log(`Building a marketplace of ${options.listings.toLocaleString("en-IN")} listings (${postgres ? "PostgreSQL" : file})…`);
    const bar = new cliProgress.SingleBar({ format: "  {bar} {value}/{total} listings, {duration}s" }, cliProgress.Presets.shades_classic);
    const started = performance.now();
    if (process.stdout.isTTY) bar.start(options.listings, 0);
    // Into a log, the bar redraws on a timer, which SQLite's synchronous load never lets run:
    // a plain line every tenth instead.
    let logged = 0;
    const onBatch = (done: number) => {
      if (process.stdout.isTTY) return bar.update(done);
      if (done - logged < options.listings / 10 && done < options.listings) return;
      logged = done;
      console.log(
        `  ${done.toLocaleString("en-IN")} / ${options.listings.toLocaleString("en-IN")} listings, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    };
    const load = { sellers: SELLERS, onBatch };
    if (postgres) await loadPostgres(url, syntheticListings(options.listings), load);
    else loadSqlite(file, syntheticListings(options.listings), load);
    if (process.stdout.isTTY) bar.stop();
    buildSeconds = (performance.now() - started) / 1000;
    db = openDatabase(url);
    counts = await countListings(db.kysely);
  }
  const sizeBytes = postgres ? null : statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
  return { db, url, listings: counts.listings, names: counts.names, buildSeconds, sizeBytes };
}
