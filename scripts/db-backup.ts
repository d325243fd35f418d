/**
 * `npm run db:backup -- --to backups/mandi.sqlite`: a consistent copy of the embedded SQLite
 * database, taken while Mandi runs. (On PostgreSQL use pg_dump; see docs/operations.md.)
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { backupSqlite } from "../server/db/backup-sqlite";
import { loadConfig } from "../server/config";

const { values } = parseArgs({ options: { to: { type: "string" } } });
const args = z.object({ to: z.string().min(1) }).safeParse(values);
if (!args.success) {
  console.error("Usage: npm run db:backup -- --to backups/mandi-YYYY-MM-DD.sqlite");
  process.exit(2);
}
const config = loadConfig();
if (!config.databaseUrl.startsWith("sqlite:")) {
  console.error("DATABASE_URL is PostgreSQL: back it up with pg_dump (see docs/operations.md).");
  process.exit(2);
}
const { pages } = await backupSqlite({ from: config.databaseUrl.slice("sqlite:".length), to: args.data.to });
console.log(`Backed up ${pages} pages to ${args.data.to}. Back up ${config.mediaDir} (the photos) too.`);
