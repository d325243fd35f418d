/**
 * `npm run produce:backfill`: reads the produce of every listing saved before produce matching
 * existed (migration 0012) from its name. Safe to stop and run again: it resumes where it stopped.
 * The server also runs it in the background at start-up; this is for operators who want it done
 * now, with a progress bar, and for timing it (docs/performance/history/pages-and-http.md).
 */
import { SingleBar, Presets } from "cli-progress";
import { prepareDataDir } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { backfillProduce } from "../server/listings/produce-backfill.repository";

const config = prepareDataDir();
const db = openDatabase(config.databaseUrl);
const bar = new SingleBar(
  { format: " listings |{bar}| {value}/{total} {eta_formatted} left", noTTYOutput: true, notTTYSchedule: 5000, hideCursor: true },
  Presets.shades_classic,
);
try {
  await migrateToLatest(db);
  const started = performance.now();
  let begun = false;
  const { done } = await backfillProduce(db, {
    onProgress: ({ done, total }) => {
      if (!begun) bar.start(total, 0);
      begun = true;
      bar.update(done);
    },
  });
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Matched ${done.toLocaleString("en-IN")} listings to produce in ${seconds.toFixed(1)} s (${Math.round(done / Math.max(seconds, 0.001)).toLocaleString("en-IN")} a second).`,
  );
} finally {
  bar.stop();
  await db.close();
}
