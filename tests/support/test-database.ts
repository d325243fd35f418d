/**
 * Which engines the service and repository tests run on, and a fresh, private database on each
 * for one test file. SQLite always; PostgreSQL when TEST_DATABASE_URL names a server (CI sets it).
 * Each PostgreSQL test database is created for the file and dropped after it, so a run leaves
 * nothing behind.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import type { DialectName } from "../../server/db/database";

export type TestEngine = DialectName;

export function testEngines(): TestEngine[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(engine: TestEngine, dataDir: string): Promise<TestDatabase> {
  if (engine === "sqlite") return { url: `sqlite:${path.join(dataDir, "mandi.sqlite")}`, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  // TEST_DATABASE_PREFIX keeps several runs on one server apart (letters, digits and _ only).
  const prefix = /^[a-z_][a-z0-9_]{0,30}$/.test(process.env.TEST_DATABASE_PREFIX ?? "") ? process.env.TEST_DATABASE_PREFIX : "mandi_test_";
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (client) => dropWhenDisconnected(client, name)),
  };
}

/**
 * A closed pool's connections may still be saying goodbye; dropping the database under them
 * (WITH FORCE) would make the server kill them, which the test process reports as an error. So wait
 * for them to leave first; force only what is still there after a few seconds.
 */
async function dropWhenDisconnected(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = $1", [name]);
    if (Number(rows[0]?.n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await client.query(`drop database if exists ${name} with (force)`);
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
