#!/usr/bin/env node
// Checks the production browser bundle (run after `react-router build`):
//  1. no server-only code reaches the browser: every module in the client build (as the bundler
//     lists them, build/client-modules.json, written by vite.config.ts) must come from app/ (not
//     app/routes' server halves, which React Router strips), core/, or a browser package we allow;
//  2. the JavaScript a first visit to / downloads stays under the budget (gzip), in each language:
//     the code is the same for both, and neither catalogue is in it (decision 015: a page fetches
//     its own language's catalogue as a JSON file, cached for a year; its size is shown beside);
//  3. no source map is in build/client, the folder the server serves (the build writes none: they
//     would hold route sources, server actions included);
//  4. React Router's production build is the one in the bundle, and every script and stylesheet
//     has its Brotli and gzip copies beside it, each decoding to the file (decision 043).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";

const BUDGET_KB = 120;
const LANGUAGES = ["en", "hi", "bn", "te", "mr", "ta", "gu", "or", "kn", "pa", "ur", "ml"];
const ASSETS = "build/client/assets";
const MODULE_LIST = "build/client-modules.json";
const BROWSER_PACKAGES = new Set([
  "react",
  "react-dom",
  "react-router",
  "scheduler",
  "@react-router/dev",
  "cookie",
  "set-cookie-parser",
  // The resumable photo upload, loaded on /create only (app/features/uploads/photo-picker.tsx).
  "tus-js-client",
  "js-base64",
  "url-parse",
  "querystringify",
  "requires-port",
  // Looking messages up in the page's catalogue (decision 015): rosetta and its two helpers, 0.8 KB.
  "rosetta",
  "dlv",
  "templite",
]);

const files = readdirSync(ASSETS);
const problems = [];

// 1. Which modules are in the browser bundle?
const sources = new Set(existsSync(MODULE_LIST) ? JSON.parse(readFileSync(MODULE_LIST, "utf8")) : []);
if (sources.size === 0) problems.push(`no list of the client's modules in ${MODULE_LIST}: vite.config.ts's clientModuleList writes it`);
for (const served of readdirSync("build/client", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".map"))) {
  problems.push(`source map in the served folder: build/client/${served}`);
}
for (const source of sources) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) {
    if (!BROWSER_PACKAGES.has(pkg)) problems.push(`package "${pkg}" is in the browser bundle (${source})`);
  } else if (!/(^|\/)(app|core)\//.test(source) && !source.startsWith("\0") && !source.includes("virtual:")) {
    problems.push(`module outside app/ and core/ in the browser bundle: ${source}`);
  } else if (/(^|\/)server\//.test(source)) {
    problems.push(`server module in the browser bundle: ${source}`);
  }
}

// 4. React Router's production build (vite.config.ts), and the build's compressed copies
// (scripts/vite-precompress.ts) true to their files.
for (const source of sources) {
  if (/node_modules\/react-router\/dist\/development\//.test(source))
    problems.push(`React Router's development build is in the browser bundle: ${source}`);
}
for (const file of files.filter((f) => /\.(js|css)$/.test(f))) {
  const bytes = readFileSync(path.join(ASSETS, file));
  if (bytes.length < 1024) continue;
  for (const [suffix, decode] of [
    [".br", brotliDecompressSync],
    [".gz", gunzipSync],
  ]) {
    const copy = path.join(ASSETS, file + suffix);
    if (!existsSync(copy)) problems.push(`no ${suffix} copy of ${file}`);
    else if (!decode(readFileSync(copy)).equals(bytes)) problems.push(`${file}${suffix} does not decode to ${file}: an old build's copy?`);
  }
}

// 2. First-load JavaScript for "/": the entry, the root route and the home route, with imports.
const manifestFile = files.find((f) => /^manifest-.*\.js$/.test(f));
const manifest = JSON.parse(
  readFileSync(path.join(ASSETS, manifestFile), "utf8")
    .replace(/^window\.__reactRouterManifest=/, "")
    .replace(/;\s*$/, ""),
);
const homeRoute = Object.values(manifest.routes).find((r) => r.index && r.parentId === "root");
// With lazy route discovery (React Router's default) the page carries the part of the manifest it
// needs inline and asks /__manifest for more: the manifest file itself is never downloaded.
const discovery = /\bvar routeDiscovery = \{\s*"mode": "(\w+)"/.exec(readFileSync("build/server/index.js", "utf8"))?.[1];
const firstLoad = new Set(discovery === "lazy" ? [] : [`/assets/${manifestFile}`]);
for (const part of [manifest.entry, manifest.routes.root, homeRoute]) {
  firstLoad.add(part.module);
  for (const imported of part.imports ?? []) firstLoad.add(imported);
}
const rows = [...firstLoad].map((url) => {
  const bytes = readFileSync(path.join("build/client", url));
  return { file: url.replace("/assets/", ""), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
console.log("First-load JavaScript for / (gzip):");
for (const r of rows)
  console.log(`  ${r.file.padEnd(40)} ${(r.gzip / 1024).toFixed(1).padStart(7)} KB  (${(r.raw / 1024).toFixed(1)} KB raw)`);
if (discovery === "lazy") console.log(`  ${manifestFile.padEnd(40)}  not downloaded (lazy route discovery)`);
console.log(`  ${"total".padEnd(40)} ${(total / 1024).toFixed(1).padStart(7)} KB  (budget ${BUDGET_KB} KB)`);

// Each language: the same code, with no catalogue in any script (only the page's own language's
// messages reach the browser, as /i18n/<language>.<hash>.json: their size is shown here).
const scripts = files.filter((f) => f.endsWith(".js")).map((f) => readFileSync(path.join(ASSETS, f), "utf8"));
for (const language of LANGUAGES) {
  const messages = catalogueMessages(language);
  // A script holding a catalogue holds most of it; a few English phrases may be a page's own text.
  const long = messages.filter((m) => m.length >= 24 && !m.includes("{{"));
  const most = Math.max(0, ...scripts.map((code) => long.filter((m) => code.includes(m)).length));
  if (most > (language === "en" ? 10 : 0))
    problems.push(`the ${language} catalogue is in the browser bundle (${most} of its messages in one script)`);
  const payload = gzipSync(catalogueAsJson(language), { level: 9 }).length;
  console.log(
    `  ${language}: JavaScript ${(total / 1024).toFixed(1)} KB (budget ${BUDGET_KB} KB); its catalogue file (JSON, fetched once): about ${(payload / 1024).toFixed(1)} KB gzip`,
  );
  console.log(`  exact: ${total} bytes of ${BUDGET_KB * 1024}`);
  if (total > BUDGET_KB * 1024)
    problems.push(`first-load JavaScript for / in ${language} is ${(total / 1024).toFixed(1)} KB gzip, over the ${BUDGET_KB} KB budget`);
}

console.log(`Browser bundle modules checked: ${sources.size}`);
if (problems.length) {
  console.error(`\nBundle check failed:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("Bundle check passed: no server code in the browser bundle; first load within budget.");

/** A part of a language's catalogue (core/i18n/catalogues/<language>/<part>.json). */
function cataloguePart(language, part) {
  return JSON.parse(readFileSync(`core/i18n/catalogues/${language}/${part}.json`, "utf8"));
}

/** The messages a page's script must not carry: the pages' words (the offline part is the service worker's by design). */
function catalogueMessages(language) {
  const flat = (tree) => Object.values(tree).flatMap((value) => (typeof value === "string" ? [value] : flat(value)));
  return flat(cataloguePart(language, "pages"));
}

/** The catalogue as the JSON the server sends to a page (core/i18n/catalogues.ts, CATALOGUES). */
function catalogueAsJson(language) {
  return JSON.stringify({ ...cataloguePart(language, "pages"), offline: cataloguePart(language, "offline") });
}
