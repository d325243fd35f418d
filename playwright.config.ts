import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** Where phone-verification.spec.ts runs its stand-in for Twilio's API (decision 058). */
export const E2E_SMS_PORT = E2E_PORT + 9;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), "mandi-e2e");
/** The embedded SQLite file by default; a postgres:// URL (database name containing mandi_e2e) runs the suite on PostgreSQL. */
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? `sqlite:${path.join(E2E_DATA_DIR, "mandi.sqlite")}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Specs about the browser and HTTP layers, not the data: pages, headers, scripts, fonts, layout,
 * accessibility, every language's words and the service worker come out the same whichever
 * engine stores the listings, and every flow they drive has an English or JavaScript twin that
 * runs on both. `npm test` runs them once, on SQLite; its PostgreSQL pass sets E2E_ENGINE_PASS=1
 * and runs the rest (decision 031). A new spec runs on both engines unless it is named here.
 * `alert-email-unsubscribe`, `demo-market`, `password-reset` and `require-verified-phone` start
 * a server of their own (on SQLite: with mail, an empty market to seed, or
 * REQUIRE_VERIFIED_PHONE) whatever the pass, so a second pass would repeat them exactly.
 * `sell-burst` loads the server's CPU and uploads, not the engine (its header says why).
 */
export const ENGINE_FREE_SPECS = [
  "accessibility",
  "account-menu",
  "alert-email-unsubscribe",
  "cache-control",
  "csp",
  "demo-market",
  "every-language",
  "every-language-pages",
  "fonts",
  "hindi",
  "hindi-seller-and-staff",
  "http-plumbing",
  "languages",
  "listing-contact",
  "no-internals",
  "offline",
  "page-titles",
  "paint",
  "password-reset",
  "require-verified-phone",
  "sell-burst",
  "static-islands",
  "viewmore-fold",
  "voice-search",
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "tests/e2e",
  testIgnore: process.env.E2E_ENGINE_PASS === "1" ? ENGINE_FREE_SPECS : [],
  // Apart from the JSON reports scripts/test.mjs writes into test-results/, which Playwright would clear.
  outputDir: "test-results/playwright",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  // Some waits cover server work (re-encoding photos); a busy 2-core machine needs more than 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A failed test keeps its trace: every action, request and DOM snapshot. Without the
    // screenshots, which keep Chromium drawing frames for every page a test has open: with them,
    // its GPU process used 2.2 s of CPU in 10 s beside 30 idle forms (0.75 s with tracing off),
    // and five specs took 61 s against 57 s without them (four runs each, 2026-11-29).
    trace: { mode: "retain-on-failure", screenshots: false },
    ...devices["Pixel 5"],
    viewport: { width: 360, height: 760 },
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // A test tagged @alone needs the server or its data to itself: the 30-seller burst loads the
  // server on purpose (it then sheds other pages with 503s), and the Hindi crawls must know every
  // name a page may show, which other tests add and delete meanwhile. They run after the rest,
  // one at a time.
  projects: [
    { name: "e2e", grepInvert: /@alone/ },
    { name: "alone", grep: /@alone/, dependencies: ["e2e"], workers: 1 },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: E2E_DATABASE_URL,
      BASE_URL: `http://127.0.0.1:${E2E_PORT}`,
      LOG_LEVEL: "warn",
      // Every test signs in from 127.0.0.1; the production limits would throttle the suite.
      AUTH_SIGNIN_PER_MINUTE: "10000",
      AUTH_SIGNUP_PER_MINUTE: "10000",
      // Signed-out reports all come from 127.0.0.1 too; the limit itself is tested in the service tests.
      REPORTS_PER_HOUR: "10000",
      // Every page with a phone number is read from 127.0.0.1; the threshold is tested by its own suite (decision 046).
      PHONE_REVEALS_PER_HOUR: "1000000",
      PHONE_REVEAL_PRESSES_PER_HOUR: "1000000",
      // Codes go to the stand-in phone-verification.spec.ts starts (nothing else sends an SMS);
      // every test asks from 127.0.0.1, and the daily limits are tested by the service tests.
      SMS_PROVIDER: "twilio",
      SMS_API_URL: `http://127.0.0.1:${E2E_SMS_PORT}`,
      TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
      TWILIO_AUTH_TOKEN: "stand-in-auth-token-0123456789",
      SMS_SENDER_ID: "MANDIO",
      SMS_PER_ADDRESS_PER_DAY: "100000",
      SMS_PER_DAY: "1000000",
    },
  },
});
