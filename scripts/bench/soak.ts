/**
 * `npm run build && npm run bench:soak [-- --listings 1000000 --minutes 10 --connections 20 --port 4196 --dir /tmp/mandi-bench --without sell,photo --node-args --heapsnapshot-signal=SIGUSR2]`
 * The memory budget (issue 27): `npm start`'s server (a worker per core, the page cache at its
 * default size) under mixed traffic for ten minutes: listing pages across many listings, searches
 * down to the deepest page, browsing, suggestions, the home page, photos, sign-ins and sells. Every
 * 10 s it prints each worker's RSS (and its anonymous part: heap and caches, not mapped files).
 * The baseline, measured in the same run: the workers' RSS once started and warmed, and a bare
 * node:http hello-world's. Goal: every worker levels off at or below 250 MB, with no growth over
 * the second half. SQLite by default (its file under --dir); DATABASE_URL's PostgreSQL when set.
 * At the end, a tally of every answer's status by kind of request, so a URL that 404s or redirects
 * is not counted as a page. `--node-args` (comma-separated) passes Node's own flags to the server
 * and its workers, e.g. `--heapsnapshot-signal=SIGUSR2` for heap snapshots. Figures, not a test.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { CATEGORY_SLUGS } from "../../core/catalogue/categories";
import { IMAGE_WIDTHS } from "../../core/shared/constants";
import { imageVariantKey } from "../../core/uploads/images";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import { benchPostgresUrl } from "./bench-database";
import { DEEPEST, HINDI, PREFIX_2, PREFIX_3, PREFIX_5, TYPOS, WORDS } from "./inputs";
import { openMarketplace } from "./marketplace";
import { argument, ms, percentile, printTable } from "./measure";
import { requireProductionBuild, startHelloWorld, startMarketServer, stopProcess } from "./servers";

const listings = Number(argument("listings", "1000000"));
const minutes = Number(argument("minutes", "10"));
const connections = Number(argument("connections", "20"));
const workers = Number(argument("workers", String(availableParallelism())));
const SAMPLE_MS = Number(argument("sample", "10")) * 1000;
const APP_PORT = Number(argument("port", "4196"));
const HELLO_PORT = APP_PORT + 1;
const METRICS_PORT = APP_PORT + 2;
const DIR = argument("dir", "/tmp/mandi-bench");
const NODE_ARGS = argument("node-args", "").split(",").filter(Boolean);
const GOAL_MB = 250;
const SELLERS = 8;

requireProductionBuild();
const url = benchPostgresUrl();
const market = await openMarketplace({ listings, url, dir: DIR });
if (market.buildSeconds !== null) console.log(`Built in ${market.buildSeconds.toFixed(0)} s.`);
// Many different listings, spread over the whole table, so the page cache cannot hold them all.
const stride = Math.max(1, Math.floor(market.listings / 20_000));
const listingIds = (
  await market.db.kysely
    .selectFrom("listing")
    .select(["id", "created_at"])
    .where("hidden_at", "is", null)
    .orderBy("created_at", "desc")
    .execute()
)
  .filter((_, i) => i % stride === 0)
  .map((row) => row.id);

const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-bench-soak-"));
const origin = `http://127.0.0.1:${APP_PORT}`;
const hello = await startHelloWorld(HELLO_PORT);
const server = await startMarketServer({
  port: APP_PORT,
  dataDir,
  databaseUrl: market.url,
  nodeArgs: NODE_ARGS,
  env: {
    WEB_CONCURRENCY: String(workers),
    BASE_URL: origin,
    METRICS_PORT: String(METRICS_PORT),
    AUTH_SIGNIN_PER_MINUTE: "100000",
    AUTH_SIGNUP_PER_MINUTE: "100000",
  },
});

/** RSS and its anonymous part, in MB, from /proc (Linux). */
function memoryOf(pid: number): { rss: number; anon: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, anon: kb("RssAnon") / 1024 };
}
/** The workers' V8 heap (used / total, and the young generation's total) and memory outside it held by JS objects (external), summed over the workers, in MB. */
async function heapOfWorkers(): Promise<{ used: number; total: number; young: number; external: number }> {
  const text = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  // One line per worker (the label "worker"), summed.
  const gauge = (name: string) =>
    [...text.matchAll(new RegExp(`^mandi_${name}\\{[^}]*\\} ([0-9.e+]+)$`, "gm"))].reduce((sum, match) => sum + Number(match[1]), 0) /
    1024 /
    1024;
  // The young generation's share of the total (V8 sizes it apart from the old space's limit).
  const young =
    [...text.matchAll(/^mandi_nodejs_heap_space_size_total_bytes\{[^}]*space="new"[^}]*\} ([0-9.e+]+)$/gm)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    ) /
    1024 /
    1024;
  return {
    used: gauge("nodejs_heap_size_used_bytes"),
    total: gauge("nodejs_heap_size_total_bytes"),
    young,
    external: gauge("nodejs_external_memory_bytes"),
  };
}
/** CPU seconds a process has used (user + system), from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
function workerPids(primary: number): number[] {
  return readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

// ------------------------------------------------------------------ the traffic
const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[random(items.length)]!;
// The run's sellers, and what they sell, are deleted at the end (and at the start, after a run that
// was stopped), so the synthetic marketplace keeps its size for the next benchmark. Named by the
// port, so two runs side by side on one marketplace (an A/B) leave each other's sellers alone.
const SOAK_EMAIL = `soak-${APP_PORT}-%@example.in`;
const removeSoakSellers = () => market.db.kysely.deleteFrom("user").where("email", "like", SOAK_EMAIL).execute();
await removeSoakSellers();
const accounts = Array.from({ length: SELLERS }, (_, n) =>
  makeSeller(n + 1, { email: `soak-${APP_PORT}-${n + 1}-${Date.now().toString(36)}@example.in` }),
);
const cookies: string[] = [];
const photo = await makeProducePhoto("vegetables", 7, { width: 800, height: 600 });
const photoKeys: string[] = [];

async function signUp(seller: (typeof accounts)[number]): Promise<string> {
  const headers = { origin, "content-type": "application/json" };
  const body = JSON.stringify({ name: seller.name, email: seller.email, password: seller.password, phone: `+91${seller.phone}` });
  const signedUp = await fetch(`${origin}/api/auth/sign-up/email`, { method: "POST", headers, body });
  if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  return signedUp.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
for (const seller of accounts) cookies.push(await signUp(seller));

type Kind = "listing" | "search" | "browse" | "suggest" | "home" | "photo" | "sign-in" | "sell";
/** How often each kind is asked for, out of 100. */
const MIX: Array<[Kind, number]> = [
  ["listing", 34],
  ["search", 24],
  ["browse", 10],
  ["suggest", 18],
  ["home", 5],
  ["photo", 6],
  ["sign-in", 2],
  ["sell", 1],
];
// `--without sell,photo` leaves kinds out: to find which traffic holds memory.
const without = new Set(argument("without", "").split(",").filter(Boolean));
for (const entry of MIX) if (without.has(entry[0])) entry[1] = 0;
const prefixes = [...PREFIX_2, ...PREFIX_3, ...PREFIX_5, ...TYPOS, ...HINDI];
const terms = [...PREFIX_5, ...WORDS, ...HINDI];

function chooseKind(): Kind {
  let roll = random(MIX.reduce((sum, [, weight]) => sum + weight, 0));
  for (const [kind, weight] of MIX) if ((roll -= weight) < 0) return kind;
  return "listing";
}

async function request(kind: Kind): Promise<number> {
  const get = (target: string) => fetch(`${origin}${target}`, { redirect: "manual" });
  let response: Response;
  switch (kind) {
    case "listing":
      response = await get(`/view/${pick(listingIds)}`);
      break;
    case "search":
      response = await get(`/viewmore?q=${encodeURIComponent(pick(terms))}&page=${1 + random(DEEPEST)}`);
      break;
    case "browse":
      response = await get(`/viewmore?category=${pick(CATEGORY_SLUGS)}&page=${1 + random(DEEPEST)}${random(2) ? "&sort=price-asc" : ""}`);
      break;
    case "suggest":
      response = await get(`/api/suggestions?q=${encodeURIComponent(pick(prefixes))}`);
      break;
    case "home":
      // The page's language is the `lang` cookie's (the header's switch sets it), not a query.
      response = random(2) ? await get("/") : await fetch(`${origin}/`, { headers: { cookie: "lang=hi" }, redirect: "manual" });
      break;
    case "photo":
      response = await get(photoKeys.length ? `/media/${imageVariantKey(pick(photoKeys), pick(IMAGE_WIDTHS))}` : "/");
      break;
    case "sign-in": {
      const seller = pick(accounts);
      response = await fetch(`${origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify({ email: seller.email, password: seller.password }),
      });
      break;
    }
    case "sell": {
      const form = new FormData();
      form.set("name", `Soak onion ${random(1e9)}`);
      form.set("category", "vegetables");
      form.set("price", String(15 + random(30)));
      form.set("description", "Listed by bench:soak");
      form.set("state", "maharashtra");
      form.set("district", "nashik");
      form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "soak.jpg");
      response = await fetch(`${origin}/create`, {
        method: "POST",
        headers: { cookie: pick(cookies), origin },
        body: form,
        redirect: "manual",
      });
      break;
    }
  }
  await response.arrayBuffer();
  return response.status;
}

/** What each kind of request was answered, over the whole run: "listing 200" → count. */
const tally = new Map<string, number>();
/** The status each kind should get: pages 200, a sell's redirect to its listing, a photo 200 (404 before any photo is sold). */
const expected = (kind: Kind, status: number) =>
  kind === "sell" ? status === 303 || status === 302 : kind === "photo" ? status === 200 || status === 404 : status === 200;
/** One interval's tally: latencies of every answer, and the statuses that were not what the kind should get. */
let interval = { times: [] as number[], served: 0, errors: new Map<number | string, number>() };
const stopAt = performance.now() + minutes * 60_000;
async function client(): Promise<void> {
  while (performance.now() < stopAt) {
    const kind = chooseKind();
    const started = performance.now();
    try {
      const status = await request(kind);
      interval.times.push(performance.now() - started);
      tally.set(`${kind} ${status}`, (tally.get(`${kind} ${status}`) ?? 0) + 1);
      if (!expected(kind, status)) interval.errors.set(status, (interval.errors.get(status) ?? 0) + 1);
      else interval.served++;
    } catch (error) {
      interval.errors.set("failed", (interval.errors.get("failed") ?? 0) + 1);
      if (performance.now() < stopAt) console.error(`  ${kind}: ${(error as Error).message}`);
    }
  }
}

// ------------------------------------------------------------------ the run
const primary = server.pid!;
const pids = workerPids(primary);
const helloMemory = memoryOf(hello.pid!);
const idle = pids.map(memoryOf);
const cpuAtStart = pids.map(cpuSecondsOf);
console.log(
  `\nMarketplace: ${market.listings.toLocaleString("en-IN")} listings (${url ? "PostgreSQL" : "SQLite"}), ${listingIds.length.toLocaleString("en-IN")} listing pages in rotation; ` +
    `${workers} workers, page cache at its default size; ${connections} connections for ${minutes} min.\n` +
    `Baseline: hello-world ${helloMemory.rss.toFixed(0)} MB RSS; workers once started ${idle.map((m) => m.rss.toFixed(0)).join(", ")} MB; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}.\n`,
);
const samples: Array<{ at: number; rss: number[]; anon: number[] }> = [];
const rows: string[][] = [];
const started = performance.now();
const clients = Array.from({ length: connections }, client);
const sampler = setInterval(async () => {
  const at = (performance.now() - started) / 1000;
  const memory = pids.map(memoryOf);
  const heap = await heapOfWorkers();
  samples.push({ at, rss: memory.map((m) => m.rss), anon: memory.map((m) => m.anon) });
  const { times, served, errors } = interval;
  interval = { times: [], served: 0, errors: new Map() };
  times.sort((a, b) => a - b);
  const line = [
    at.toFixed(0),
    (times.length / (SAMPLE_MS / 1000)).toFixed(0),
    (served / (SAMPLE_MS / 1000)).toFixed(0),
    ms(percentile(times, 50)),
    ms(percentile(times, 99)),
    memory.map((m) => m.rss.toFixed(0)).join(" / "),
    memory.map((m) => m.anon.toFixed(0)).join(" / "),
    memoryOf(primary).rss.toFixed(0),
    `${heap.used.toFixed(0)} / ${heap.total.toFixed(0)} / ${heap.young.toFixed(0)} / ${heap.external.toFixed(0)}`,
    loadavg()[0]!.toFixed(1),
    [...errors].map(([status, n]) => `${status}×${n}`).join(" ") || "–",
  ];
  rows.push(line);
  console.log(line.join("\t"));
  // The photos sold so far (the synthetic listings' photos have no files).
  const sold = await market.db.kysely.selectFrom("listing_photo").select("image_key").orderBy("image_key").limit(500).execute();
  photoKeys.splice(0, photoKeys.length, ...sold.map((row) => row.image_key));
}, SAMPLE_MS);

try {
  console.log(
    [
      "s",
      "req/s",
      "as meant/s",
      "p50 ms",
      "p99 ms",
      "workers' RSS MB",
      "anon MB",
      "primary MB",
      "heap used / total / young / external MB (all workers)",
      "load 1 min",
      "not as meant",
    ].join("\t"),
  );
  await Promise.all(clients);
  clearInterval(sampler);
  console.log("");
  printTable(
    [
      "s",
      "req/s",
      "as meant/s",
      "p50 ms",
      "p99 ms",
      "workers' RSS MB",
      "anon MB",
      "primary MB",
      "heap used / total / young / external MB (all workers)",
      "load 1 min",
      "not as meant",
    ],
    rows,
  );
  // Levelling off: the second half's last sample against its first, per worker.
  const half = samples.filter((s) => s.at >= (minutes * 60) / 2);
  const summary = pids.map((pid, w) => {
    const peak = Math.max(...samples.map((s) => s.rss[w]!));
    const from = half[0]?.rss[w] ?? NaN;
    const to = half.at(-1)?.rss[w] ?? NaN;
    return [
      `worker ${w + 1} (pid ${pid})`,
      idle[w]!.rss.toFixed(0),
      peak.toFixed(0),
      from.toFixed(0),
      to.toFixed(0),
      `${to - from >= 0 ? "+" : ""}${(to - from).toFixed(0)}`,
      peak <= GOAL_MB ? "yes" : "no",
    ];
  });
  console.log("");
  printTable(
    ["request", "status", "answers", "as meant"],
    [...tally]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, n]) => {
        const [kind, status] = key.split(" ") as [Kind, string];
        return [kind, status, String(n), expected(kind, Number(status)) ? "yes" : "NO"];
      }),
  );
  // What the run cost the workers' CPU, per answer: a figure the other load on the machine moves less than the rate.
  const cpu = pids.reduce((sum, pid, w) => sum + cpuSecondsOf(pid) - cpuAtStart[w]!, 0);
  const answers = [...tally].reduce((sum, [, n]) => sum + n, 0);
  const meant = [...tally]
    .filter(([key]) => expected(key.split(" ")[0] as Kind, Number(key.split(" ")[1])))
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `\nWorkers' CPU: ${cpu.toFixed(0)} s for ${answers} answers (${meant} as meant): ${((cpu * 1000) / Math.max(1, meant)).toFixed(1)} ms of CPU per answer as meant.`,
  );
  console.log("");
  printTable(["worker", "started MB", "peak MB", "second half from MB", "to MB", "growth MB", `≤ ${GOAL_MB} MB`], summary);
} finally {
  clearInterval(sampler);
  await stopProcess(server);
  await stopProcess(hello);
  await removeSoakSellers();
  await market.db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
