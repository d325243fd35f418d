import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../core/shared/app-error";
import { createS3Storage } from "./media/s3-storage";
import { classifyUnavailable, describeUnavailability, UnavailableError } from "./unavailable";

/** Errors as the real libraries raise them, not imitations. */
describe("classifyUnavailable", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-unavailable-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("calls SQLite's write lock, held by another connection, unavailable (locked)", () => {
    const file = path.join(dir, "locked.sqlite");
    const holder = new SQLite(file);
    holder.exec("create table t (x); begin immediate; insert into t values (1)");
    const writer = new SQLite(file);
    writer.pragma("busy_timeout = 0");
    let error: unknown;
    try {
      writer.exec("insert into t values (2)");
    } catch (caught) {
      error = caught;
    } finally {
      holder.exec("rollback");
      holder.close();
      writer.close();
    }
    expect(classifyUnavailable(error)).toEqual({ component: "database", reason: "locked by another writer" });
  });

  it("calls a refused PostgreSQL connection unavailable, with its errno", async () => {
    // Port 9 (discard) has no PostgreSQL on any test machine.
    const client = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:9/postgres", connectionTimeoutMillis: 2_000 });
    const error = await client.connect().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(describeUnavailability(classifyUnavailable(error)!)).toBe("database unavailable: connection refused");
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("calls a PostgreSQL database that no longer exists unavailable, not a bug", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = "/mandi_no_such_database";
    const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5_000 });
    const error = await client.connect().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(describeUnavailability(classifyUnavailable(error)!)).toBe("database unavailable: the database does not exist (3D000)");
    expect(classifyUnavailable(Object.assign(new Error("password authentication failed"), { code: "28P01" }))).toEqual({
      component: "database",
      reason: "the database refused the connection's password (28P01)",
    });
  });

  it("calls an S3 server that does not answer the photo store's unavailability", async () => {
    const storage = createS3Storage({
      bucket: "nothing-here",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9",
      forcePathStyle: true,
      accessKeyId: "k",
      secretAccessKey: "s",
    });
    const error = await storage.get("listings/abc").then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(classifyUnavailable(error)).toEqual({ component: "photo storage", reason: "connection refused" });
  });

  it("follows causes, and keeps its own UnavailableError's reason", () => {
    const wrapped = new Error("sign-in failed", { cause: Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }) });
    expect(classifyUnavailable(wrapped)).toEqual({ component: "database", reason: "disk full" });
    expect(classifyUnavailable(new UnavailableError("server", "too busy"))).toEqual({ component: "server", reason: "too busy" });
  });

  it("leaves bugs and people's mistakes alone: they are not 503s", () => {
    expect(classifyUnavailable(new TypeError("Cannot read properties of undefined"))).toBeNull();
    expect(classifyUnavailable(new AppError("NOT_FOUND", "No such listing"))).toBeNull();
    expect(classifyUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBeNull();
    expect(classifyUnavailable(Object.assign(new Error("UNIQUE constraint failed"), { code: "SQLITE_CONSTRAINT_UNIQUE" }))).toBeNull();
    expect(classifyUnavailable("a string")).toBeNull();
  });
});
