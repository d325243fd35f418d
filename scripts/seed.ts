/** `npm run seed`: adds about 60 demo listings from the demo sellers, spread over recent weeks (server/seed). */
import cliProgress from "cli-progress";
import { parseArgs } from "node:util";
import { prepareDataDir } from "../server/config";
import { DEMO_ADMIN, seedDemoData } from "../server/seed/seed";
import { seedDemoRates } from "../server/seed/demo-rates";
import { createServices } from "../server/services";

const { values } = parseArgs({ options: { listings: { type: "string", default: "60" }, days: { type: "string", default: "30" } } });
const count = Number(values.listings);
const days = Number(values.days);
if (!Number.isInteger(count) || count < 1 || count > 10_000 || !Number.isInteger(days) || days < 1) {
  console.error("Usage: npm run seed -- [--listings 1..10000] [--days N]");
  process.exit(2);
}

const clock = { now: Date.now() };
// The seed signs up its sellers from one address: lift the per-address sign-up limit for it.
const config = prepareDataDir({ ...process.env, AUTH_SIGNUP_PER_MINUTE: "1000", AUTH_SIGNIN_PER_MINUTE: "1000" });
const services = await createServices(config, { now: () => clock.now });
const progress = process.stdout.isTTY ? progressBar() : progressLines();
try {
  const result = await seedDemoData(services, { listings: count, days, clock, onProgress: progress.update }).finally(progress.stop);
  // The work its listings queued (their share cards, alert matching) is done here, not left to the
  // server's first minutes, where a first share waited seconds for a card being drawn (issue 42).
  // Made-up mandi rates, marked as demo on every page, so the price pages have figures (issue 42).
  const rates = await seedDemoRates(services.db, clock.now);
  console.log(
    rates
      ? `Added ${rates.stored} made-up mandi rates, shown as demo figures until real ones are imported (npm run prices:import).`
      : "Government mandi rates are imported already: no demo rates added.",
  );
  console.log("Making the listings' share cards…");
  await services.jobs.runDue();
  console.log(
    `Done: ${result.sellers} sellers, ${result.listings} listings (${result.sold} sold, ${result.expired} from last season; older fruit and vegetables also show as expired).`,
  );
  console.log("Demo sellers sign in with e.g. ramesh@example.in / khet-ramesh-2026.");
  console.log(`The demo admin signs in with ${result.admin} / ${DEMO_ADMIN.password} and finds a few reports at /admin.`);
} finally {
  await services.close();
}

function progressBar() {
  const bar = new cliProgress.SingleBar(
    { format: "Adding listings {bar} {value}/{total}", hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done: number, total: number) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
    stop: () => bar.stop(),
  };
}

/** Not a terminal (a log file, CI): a plain line at each fifth, not a bar redrawn with carriage returns. */
function progressLines() {
  let lastFifth = -1;
  return {
    update(done: number, total: number) {
      const fifth = Math.floor((done / total) * 5);
      if (fifth === lastFifth) return;
      lastFifth = fifth;
      console.log(`seed: ${done}/${total} listings`);
    },
    stop: () => {},
  };
}
