/**
 * SQLite's prepared statements are kept per query text (issue 27): a statement used again must
 * read what is there now, after writes and after a schema change, and more texts than the cache
 * holds must all still answer. And a transaction that reads before it writes must not fail
 * because another connection to the file wrote meanwhile. A real SQLite file, through Kysely, as
 * the server uses it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "./database";

describe("SQLite statements kept per query text", () => {
  let dir: string;
  let db: Db;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-statements-"));
    db = openDatabase(`sqlite:${path.join(dir, "test.sqlite")}`);
    await sql`create table item (id integer primary key, name text not null)`.execute(db.kysely);
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = () =>
    db.kysely
      .selectFrom("item" as never)
      .select(sql<string>`name`.as("name"))
      .orderBy(sql`id`)
      .execute();

  it("the same query read again sees every write since", async () => {
    expect(await names()).toEqual([]);
    await sql`insert into item (name) values (${"onion"})`.execute(db.kysely);
    expect(await names()).toEqual([{ name: "onion" }]);
    await sql`insert into item (name) values (${"potato"})`.execute(db.kysely);
    await sql`insert into item (name) values (${"tomato"})`.execute(db.kysely);
    expect((await names()).map((row) => row.name)).toEqual(["onion", "potato", "tomato"]);
  });

  it("a kept `select *` sees a column added after it was first prepared", async () => {
    const all = () => sql<Record<string, unknown>>`select * from item`.execute(db.kysely);
    await sql`insert into item (name) values (${"onion"})`.execute(db.kysely);
    expect((await all()).rows).toEqual([{ id: 1, name: "onion" }]);
    await sql`alter table item add column grade text not null default 'A'`.execute(db.kysely);
    expect((await all()).rows).toEqual([{ id: 1, name: "onion", grade: "A" }]);
  });

  it("more distinct query texts than are kept all answer, and the first again after them", async () => {
    await sql`insert into item (name) values (${"onion"})`.execute(db.kysely);
    const first = await sql<{ n: number }>`select count(*) as n from item where id > ${0}`.execute(db.kysely);
    for (let width = 1; width <= 700; width++) {
      // `in (?, ?, …)` of every width: a text per width, as a list of names makes them.
      const ids = Array.from({ length: width }, (_, i) => i + 1);
      const found = await db.kysely
        .selectFrom("item" as never)
        .select(sql<string>`name`.as("name"))
        .where(sql`id`, "in", ids)
        .execute();
      expect(found).toEqual([{ name: "onion" }]);
    }
    expect((await sql<{ n: number }>`select count(*) as n from item where id > ${0}`.execute(db.kysely)).rows).toEqual(first.rows);
  });
});

describe("SQLite transactions beside another connection to the same file", () => {
  let dir: string;
  let db: Db;
  let other: Worker | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-immediate-"));
    db = openDatabase(`sqlite:${path.join(dir, "test.sqlite")}`);
    await sql`create table item (id integer primary key, name text not null)`.execute(db.kysely);
  });
  afterEach(async () => {
    await other?.terminate();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Another process's connection (a second worker, a job, a script), on a thread of its own so its
  // synchronous busy wait does not hold up this one: it inserts a row when told, and says when done.
  const otherConnection = (file: string) =>
    new Worker(
      `const { parentPort, workerData } = require("node:worker_threads");
       const SQLite = require(workerData.driver);
       const db = new SQLite(workerData.file);
       db.pragma("busy_timeout = 5000");
       parentPort.on("message", () => {
         parentPort.postMessage("writing");
         db.prepare("insert into item (name) values ('from the other connection')").run();
         parentPort.postMessage("written");
       });`,
      { eval: true, workerData: { file, driver: createRequire(import.meta.url).resolve("better-sqlite3") } },
    );

  it("a transaction that reads, then writes, is not refused when another connection writes in between: the other waits its turn", async () => {
    other = otherConnection(path.join(dir, "test.sqlite"));
    const written = new Promise<"written">((resolve) => other!.on("message", (message) => message === "written" && resolve(message)));
    await db.kysely.transaction().execute(async (trx) => {
      const before = await sql<{ n: number }>`select count(*) as n from item`.execute(trx);
      other!.postMessage("write");
      await once(other!, "message"); // "writing": its insert has begun.
      // Begun DEFERRED, the other's insert would commit now and this transaction's write below
      // would fail at once with SQLITE_BUSY_SNAPSHOT; begun IMMEDIATE, the other waits for the commit.
      await Promise.race([written, new Promise((resolve) => setTimeout(resolve, 300))]);
      await sql`insert into item (name) values (${`after ${before.rows[0]!.n}`})`.execute(trx);
    });
    await written;
    const rows = await sql<{ name: string }>`select name from item order by id`.execute(db.kysely);
    expect(rows.rows.map((row) => row.name)).toEqual(["after 0", "from the other connection"]);
  });
});
