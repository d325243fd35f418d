/**
 * `npm run build && npm run test:crash [-- --kills 20 --writers 4 --seed 7]`
 * Crash safety: the production server on a fresh data folder (SQLite, and PostgreSQL too when
 * TEST_DATABASE_URL is set: a new database, dropped afterwards) takes concurrent listings
 * through the real sell form (no-JavaScript multipart with a small JPEG, a signed-in seller), and
 * is killed with SIGKILL at random moments, `--kills` times. After each restart: every listing
 * whose form got its 302 is there, with every photo readable through /media; the database is
 * whole (SQLite integrity_check; on both engines no listing without photos and no photo row
 * without its files); and photo folders no listing refers to are counted. Prints
 * `acknowledged / lost / orphans` per engine; exits 1 if anything acknowledged was lost or the
 * database is damaged. Orphans are reported, not failed on: a kill between writing a photo's
 * files and committing its row leaves them, and start-up clean-up removes them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { IMAGE_WIDTHS } from "../core/shared/constants";
import { imageVariantKey } from "../core/uploads/images";
import { openDatabase } from "../server/db/database";
import { sellFormData } from "../tests/support/listings";
import { makeProducePhoto, makeSeller, seededRandom } from "../server/seed/factories";
import { argument } from "./bench/measure";

const KILLS = Number(argument("kills", "20"));
const WRITERS = Number(argument("writers", "4"));
const SEED = Number(argument("seed", String(Date.now() % 100_000)));
/** Ports 4336 and 4337 by default (CRASH_PORT moves both). */
const BASE_PORT = Number(process.env.CRASH_PORT ?? 4336);
const STARTUP_TIMEOUT_MS = 60_000;
/** How long the writers run before the kill: a random moment in this window. */
const KILL_AFTER_MS = { min: 150, max: 1500 };

if (!existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

interface EngineResult {
  engine: string;
  acknowledged: number;
  lost: string[];
  orphans: number;
  integrityProblems: string[];
  kills: number;
}

const random = seededRandom(SEED);
const photo = await makeProducePhoto("vegetables", 1, { width: 160, height: 120 });

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /healthz within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["build/server/index.js"], {
    env: { ...process.env, ...env, NODE_ENV: "production", LOG_LEVEL: "fatal" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function kill9(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

async function signUp(baseUrl: string): Promise<string> {
  const seller = makeSeller(Math.floor(random() * 1e6));
  const headers = { origin: baseUrl, "content-type": "application/json" };
  const signUpResponse = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: seller.name, email: seller.email, password: seller.password, phone: `+91${seller.phone}` }),
  });
  if (!signUpResponse.ok) throw new Error(`sign-up failed: ${signUpResponse.status} ${await signUpResponse.text()}`);
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: seller.email, password: seller.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Lists produce through the sell form until `stop` says so; returns the names that got their 302. */
async function writer(baseUrl: string, cookie: string, prefix: string, stop: { stopped: boolean }): Promise<string[]> {
  const acknowledged: string[] = [];
  for (let n = 0; !stop.stopped && n < 1000; n++) {
    const name = `${prefix}-${n}`;
    const form = sellFormData({ name, description: "Listed by the crash test" }, { bytes: photo, fileName: "crash.jpg" });
    try {
      const response = await fetch(`${baseUrl}/create`, {
        method: "POST",
        headers: { cookie, origin: baseUrl },
        body: form,
        redirect: "manual",
      });
      await response.arrayBuffer();
      if (response.status === 302) acknowledged.push(name);
      else throw new Error(`the sell form answered ${response.status}`);
    } catch (error) {
      if (stop.stopped) break;
      throw error;
    }
  }
  return acknowledged;
}

/** Every acknowledged listing is there with readable photos; the database is whole; orphans counted. */
async function verify(options: { databaseUrl: string; dataDir: string; baseUrl: string; acknowledged: Set<string> }) {
  const db = openDatabase(options.databaseUrl, { poolSize: 2 });
  const lost: string[] = [];
  const problems: string[] = [];
  try {
    const k = db.kysely;
    const listings = await k.selectFrom("listing").select(["id", "name"]).execute();
    const byName = new Map(listings.map((l) => [l.name, l.id]));
    const photos = await k.selectFrom("listing_photo").select(["listing_id", "image_key"]).execute();
    const photosOf = new Map<string, typeof photos>();
    for (const p of photos) photosOf.set(p.listing_id, [...(photosOf.get(p.listing_id) ?? []), p]);
    for (const name of options.acknowledged) {
      const id = byName.get(name);
      if (!id) {
        lost.push(name);
        continue;
      }
      for (const { image_key } of photosOf.get(id) ?? []) {
        const response = await fetch(`${options.baseUrl}/media/${imageVariantKey(image_key, IMAGE_WIDTHS[0])}`);
        await response.arrayBuffer();
        if (response.status !== 200) lost.push(`${name} (photo ${image_key}: ${response.status})`);
      }
    }
    for (const listing of listings) if (!photosOf.has(listing.id)) problems.push(`listing ${listing.id} has no photos`);
    const media = path.join(options.dataDir, "media");
    for (const { image_key } of photos) {
      for (const width of IMAGE_WIDTHS) {
        if (!existsSync(path.join(media, imageVariantKey(image_key, width)))) problems.push(`photo ${image_key} has no w${width} file`);
      }
    }
    if (db.dialect === "sqlite") {
      const sqlite = new SQLite(options.databaseUrl.slice("sqlite:".length), { readonly: true });
      try {
        const result = sqlite.pragma("integrity_check", { simple: true });
        if (result !== "ok") problems.push(`integrity_check: ${String(result)}`);
      } finally {
        sqlite.close();
      }
    }
    const referenced = new Set(photos.map((p) => p.image_key));
    const folders = existsSync(path.join(media, "listings")) ? readdirSync(path.join(media, "listings")) : [];
    const orphans = folders.filter((folder) => !referenced.has(`listings/${folder}`)).length + countTmpFiles(options.dataDir);
    return { lost, problems, orphans };
  } finally {
    await db.close();
  }
}

function countTmpFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".tmp")).length;
}

async function runEngine(engine: string, databaseUrl: string, port: number): Promise<EngineResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `mandi-crash-${engine}-`));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl || `sqlite:${path.join(dataDir, "mandi.sqlite")}`,
    BASE_URL: baseUrl,
    AUTH_SIGNIN_PER_MINUTE: "1000",
    AUTH_SIGNUP_PER_MINUTE: "1000",
  };
  const acknowledged = new Set<string>();
  const result: EngineResult = { engine, acknowledged: 0, lost: [], orphans: 0, integrityProblems: [], kills: 0 };
  let server = startServer(env);
  try {
    await waitForHealth(baseUrl, server);
    const cookie = await signUp(baseUrl);
    for (let round = 1; round <= KILLS; round++) {
      const stop = { stopped: false };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(baseUrl, cookie, `crash-${round}-${w}`, stop));
      const killAfter = KILL_AFTER_MS.min + random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      stop.stopped = true;
      await kill9(server);
      result.kills += 1;
      for (const names of await Promise.all(writers)) for (const name of names) acknowledged.add(name);

      server = startServer(env);
      await waitForHealth(baseUrl, server);
      const check = await verify({ databaseUrl: env.DATABASE_URL, dataDir, baseUrl, acknowledged });
      result.lost = check.lost;
      result.integrityProblems = check.problems;
      result.orphans = check.orphans;
      console.log(
        `${engine}: kill ${round}/${KILLS} after ${Math.round(killAfter)} ms: ${acknowledged.size} acknowledged, ${check.lost.length} lost, ${check.orphans} orphans${check.problems.length ? `, ${check.problems.length} integrity problems` : ""}`,
      );
      if (check.lost.length || check.problems.length) break;
    }
  } finally {
    await kill9(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  result.acknowledged = acknowledged.size;
  return result;
}

async function withPostgres<T>(run: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  const name = `mandi_crash_${process.pid}`;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

console.log(`crash test: ${KILLS} kills per engine, ${WRITERS} concurrent sellers' forms, seed ${SEED}`);
const results: EngineResult[] = [];
const started = Date.now();
results.push(await runEngine("sqlite", "", BASE_PORT));
if (process.env.TEST_DATABASE_URL) results.push(await withPostgres((url) => runEngine("postgres", url, BASE_PORT + 1)));
else console.log("PostgreSQL not run: TEST_DATABASE_URL is not set.");

console.log("");
for (const r of results) {
  console.log(`${r.engine}: ${r.acknowledged} acknowledged / ${r.lost.length} lost / ${r.orphans} orphans (after ${r.kills} kills)`);
  for (const name of r.lost.slice(0, 10)) console.log(`  lost: ${name}`);
  for (const problem of r.integrityProblems.slice(0, 10)) console.log(`  integrity: ${problem}`);
}
console.log(
  `(orphan photo folders and .tmp files are reported, not failed on: start-up clean-up removes them) ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(results.some((r) => r.lost.length || r.integrityProblems.length) ? 1 : 0);
