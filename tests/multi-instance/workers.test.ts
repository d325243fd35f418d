/**
 * `npm start` on the embedded default: one worker process per core on one SQLite file (decision
 * 017). Connections are handed to the workers in turn, so every page below is asked for several
 * times and must be the same whichever worker answers: a listing change shows at once on both,
 * though each keeps its own page cache. A worker that dies is replaced; SIGTERM stops them all.
 * Needs the production build (scripts/test.mjs runs it after the build).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import { freePort } from "../support/app-instance";
import { askUntil, cookiesOf, request, sleep, type Reply } from "../support/app-process";

let app: { url: string };
let primary: ChildProcess;
let exited: Promise<number | null>;
let dataDir: string;
let output = "";

/** The workers: processes whose parent is the primary. */
function workerPids(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // "pid (comm) state ppid …"; comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === primary.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "mandi-workers-"));
  const port = await freePort();
  app = { url: `http://127.0.0.1:${port}` };
  // The embedded default: no DATABASE_URL, so the SQLite file in DATA_DIR.
  const { DATABASE_URL: _none, ...env } = process.env;
  primary = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...env, WEB_CONCURRENCY: "2", PORT: String(port), HOST: "127.0.0.1", BASE_URL: app.url, DATA_DIR: dataDir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  primary.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  primary.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => primary.once("exit", (code) => resolve(code)));
  // Ready when the primary says every worker listens: the second starts after the first serves,
  // and a process that exists may still be loading.
  const ready = await askUntil(
    () => request(app, "GET", "/healthz", { timeoutMs: 1000 }),
    (r) => r.status === 200 && workerPids().length === 2 && output.includes("all workers are serving"),
    60_000,
  );
  if (ready.status !== 200 || !output.includes("all workers are serving")) throw new Error(`npm start did not come up:\n${output}`);
}, 90_000);

afterAll(async () => {
  if (primary.exitCode === null) primary.kill("SIGKILL");
  for (const pid of workerPids()) process.kill(pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** The same anonymous page, asked for often enough that both workers answer. */
async function everyWorkerShows(pathname: string): Promise<string[]> {
  const answers: Reply[] = [];
  for (let i = 0; i < 6; i++) answers.push(await request(app, "GET", pathname));
  expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
  return answers.map((a) => a.text);
}

describe("npm start with two workers on one SQLite file", () => {
  it("starts one worker per WEB_CONCURRENCY, sharing the port", () => {
    expect(workerPids()).toHaveLength(2);
  });

  it("gives every worker its memory budget: a V8 heap limit, a small young generation and two malloc arenas (issue 27)", () => {
    for (const pid of workerPids()) {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      const environment = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      expect(args).toContain("--max-old-space-size=160");
      expect(args).toContain("--max-semi-space-size=4");
      expect(environment).toContain("MALLOC_ARENA_MAX=2");
    }
  });

  it("holds no libvips before the first photo (decision 035: sharp loads on first use)", () => {
    for (const pid of workerPids()) expect(readFileSync(`/proc/${pid}/maps`, "utf8")).not.toContain("libvips");
  });

  it("shows a new, then a sold listing at once, whichever worker answers and whatever it had cached", async () => {
    const seller = makeSeller(5151);
    const signUp = await request(app, "POST", "/api/auth/sign-up/email", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: seller.name, email: seller.email, password: seller.password, phone: `+91${seller.phone}` }),
    });
    expect(signUp.status, signUp.text).toBe(200);
    const cookie = cookiesOf(await request(app, "POST", "/login", { form: { email: seller.email, password: seller.password } }));
    expect(cookie).toContain("session_token");

    const sell = async (name: string) => {
      const form = new FormData();
      for (const [field, value] of Object.entries({
        name,
        category: "wheat",
        price: "30",
        description: "Sold from one worker",
        state: "punjab",
        district: "ludhiana",
      }))
        form.set(field, value);
      form.set(
        "image",
        new Blob([new Uint8Array(await makeProducePhoto("wheat", 2, { width: 640, height: 480 }))], { type: "image/jpeg" }),
        "wheat.jpg",
      );
      const created = await request(app, "POST", "/create", { headers: { cookie }, body: form });
      expect(created.status, created.text).toBe(302);
    };
    // /viewmore sends people home from an empty marketplace, so one listing comes first.
    await sell("Worker Barley");

    // Both workers cache the search before the listing exists.
    const search = "/viewmore?q=worker+wheat";
    for (const page of await everyWorkerShows(search)) expect(page).not.toContain("Worker Wheat");

    await sell("Worker Wheat");

    const shown = await everyWorkerShows(search);
    for (const page of shown) expect(page).toContain("Worker Wheat");
    const id = /href="\/view\/([^"]+)"/.exec(shown[0]!)?.[1] ?? "";
    expect(id).not.toBe("");

    const sold = await request(app, "POST", "/my/listings", { headers: { cookie }, form: { intent: "sold", id } });
    expect(sold.status).toBe(302);
    for (const page of await everyWorkerShows(search)) expect(page).not.toContain(`/view/${id}`);
    for (const page of await everyWorkerShows(`/view/${id}`)) expect(page).toContain("The seller has sold this produce.");
  });

  it("replaces a worker that dies, and keeps serving meanwhile", async () => {
    const [victim] = workerPids();
    process.kill(victim!, "SIGKILL");
    // Long enough for the client to see its idle connection to that worker close.
    await sleep(300);
    for (let i = 0; i < 4; i++) expect((await request(app, "GET", "/")).status).toBe(200);
    const replaced = await askUntil(
      async () => ({ status: workerPids().length, headers: new Headers(), text: "", ms: 0 }),
      (r) => r.status === 2,
      30_000,
    );
    expect(replaced.status).toBe(2);
    expect(workerPids()).not.toContain(victim);
  });

  it("stops every worker on SIGTERM and exits 0", async () => {
    const workers = workerPids();
    primary.kill("SIGTERM");
    expect(await exited).toBe(0);
    await sleep(100);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
