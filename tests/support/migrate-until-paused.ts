/**
 * `node --import tsx tests/support/migrate-until-paused.ts <DATABASE_URL> <table>`
 * Brings the database up to date as a starting server does, but stops for good just after the
 * first insert into <table> has run, and says "paused" on stdout: a test then kills this process
 * in the middle of whichever migration wrote it (server/db/migrate-crash.test.ts).
 */
import type { KyselyPlugin, QueryId, RootOperationNode } from "kysely";
import { openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";

const [url, table] = process.argv.slice(2);
if (!url || !table) throw new Error("usage: migrate-until-paused.ts <DATABASE_URL> <table>");

function insertsInto(node: RootOperationNode): boolean {
  return node.kind === "InsertQueryNode" && node.into?.table.identifier.name === table;
}

const watched = new WeakSet<QueryId>();
const pauseAfterFirstInsert: KyselyPlugin = {
  transformQuery({ node, queryId }) {
    if (insertsInto(node)) watched.add(queryId);
    return node;
  },
  async transformResult({ queryId, result }) {
    if (!watched.has(queryId)) return result;
    process.stdout.write("paused\n");
    setInterval(() => {}, 60_000);
    return new Promise<never>(() => {});
  },
};

const db = openDatabase(url, { poolSize: 2 });
await migrateToLatest({ ...db, kysely: db.kysely.withPlugin(pauseAfterFirstInsert) });
process.stdout.write("finished without pausing\n");
await db.close();
