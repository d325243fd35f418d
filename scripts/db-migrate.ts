/** `npm run db:migrate`: bring the configured database up to date and exit. */
import { prepareDataDir } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";

const config = prepareDataDir();
const db = openDatabase(config.databaseUrl);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await db.close();
}
