/**
 * SQLite's prepared statements are kept per query text (issue 27): a statement used again must
 * read what is there now, after writes and after a schema change, and more texts than the cache
 * holds must all still answer. A real SQLite file, through Kysely, as the server uses it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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

  const names = () => db.kysely.selectFrom("item" as never).select(sql<string>`name`.as("name")).orderBy(sql`id`).execute();

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
      const found = await db.kysely.selectFrom("item" as never).select(sql<string>`name`.as("name")).where(sql`id`, "in", ids).execute();
      expect(found).toEqual([{ name: "onion" }]);
    }
    expect((await sql<{ n: number }>`select count(*) as n from item where id > ${0}`.execute(db.kysely)).rows).toEqual(first.rows);
  });
});
