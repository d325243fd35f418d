/**
 * `npm start` on a machine whose Node is older than 24 runs the server on the Node 24 that
 * scripts/runtime/node24.mjs prepared, with that Node's own better-sqlite3 build named in
 * MANDI_SQLITE_BINDING (decision 055). Every SQLite handle the server opens must load the named
 * build: the database and the online backup. A real SQLite file.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupSqlite } from "./backup-sqlite";
import { openDatabase } from "./database";

const builtHere = path.join(
  path.dirname(createRequire(import.meta.url).resolve("better-sqlite3/package.json")),
  "build",
  "Release",
  "better_sqlite3.node",
);

describe("MANDI_SQLITE_BINDING names the better-sqlite3 build every SQLite handle loads", () => {
  let dir: string;
  const before = process.env.MANDI_SQLITE_BINDING;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-binding-"));
  });
  afterEach(() => {
    if (before === undefined) delete process.env.MANDI_SQLITE_BINDING;
    else process.env.MANDI_SQLITE_BINDING = before;
    rmSync(dir, { recursive: true, force: true });
  });

  it("a build that is there is loaded, and the database and its backup work", async () => {
    expect(existsSync(builtHere)).toBe(true);
    process.env.MANDI_SQLITE_BINDING = builtHere;
    const file = path.join(dir, "mandi.sqlite");
    const db = openDatabase(`sqlite:${file}`);
    await sql`create table item (name text)`.execute(db.kysely);
    await sql`insert into item values (${"onion"})`.execute(db.kysely);
    await db.close();
    const { pages } = await backupSqlite({ from: file, to: path.join(dir, "backup.sqlite") });
    expect(pages).toBeGreaterThan(0);
  });

  it("a build that is not there stops the database and the backup, naming it", async () => {
    const missing = path.join(dir, "node-24", "better_sqlite3.node");
    process.env.MANDI_SQLITE_BINDING = missing;
    expect(() => openDatabase(`sqlite:${path.join(dir, "mandi.sqlite")}`)).toThrow(missing);
    await expect(backupSqlite({ from: path.join(dir, "mandi.sqlite"), to: path.join(dir, "b.sqlite") })).rejects.toThrow(missing);
  });
});
