/**
 * Migration 0026: moving a phone's subscription to the session a password change made finds it
 * through push_subscription_session_idx on either engine, rather than reading every subscription.
 * The plan is asked of the very statement `moveSession` runs, with its parameters, over a table
 * with statistics (ANALYZE), so PostgreSQL's planner chooses as it would in service.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CompiledQuery, sql, type KyselyPlugin } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { createPushRepository } from "./push.repository";

const PHONES = 3_000;

describe.each(testEngines())("push_subscription_session_idx on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  afterEach(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is what moveSession's update goes through", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-push-index-"));
    database = await createTestDatabase(engine, dir);
    const db = openDatabase(database.url);
    try {
      await migrateToLatest(db);
      const rows = Array.from({ length: PHONES }, (_, i) => ({
        id: `push-${i}`,
        user_id: `buyer-${i % 500}`,
        endpoint: `https://push.example/${i}`,
        p256dh: "key",
        auth: "auth",
        session_id: `session-${i}`,
        created_at: i,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await db.kysely
          .insertInto("push_subscription")
          .values(rows.slice(i, i + 500))
          .execute();
      await sql`analyze`.execute(db.kysely);

      // Keep each statement the repository runs, as the driver receives it.
      const statements: CompiledQuery[] = [];
      const executor = db.kysely.getExecutor();
      const record: KyselyPlugin = {
        transformQuery: ({ node, queryId }) => {
          statements.push(executor.compileQuery(node, queryId));
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      await createPushRepository(db.kysely.withPlugin(record)).moveSession("session-1234", "session-new");
      expect(statements).toHaveLength(1);
      const { sql: text, parameters } = statements[0]!;
      const explain = engine === "sqlite" ? "explain query plan " : "explain ";
      const plan = await db.kysely.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain + text, [...parameters]));
      const lines = plan.rows.map((row) => String(row.detail ?? row["QUERY PLAN"]));
      expect(lines.join("\n")).toMatch(/push_subscription_session_idx/);
      expect(lines.join("\n")).not.toMatch(/SCAN push_subscription\b|Seq Scan/);
      // And it moved the one phone.
      const moved = await db.kysely.selectFrom("push_subscription").select("id").where("session_id", "=", "session-new").execute();
      expect(moved).toEqual([{ id: "push-1234" }]);
    } finally {
      await db.close();
    }
  });
});
