/** `npm run seed`: adds about 60 demo listings from six sellers, spread over recent weeks. */
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { DEMO_ADMIN, seedDemoData } from "../server/seed/seed";
import { createServices } from "../server/services";

const { values } = parseArgs({ options: { listings: { type: "string", default: "60" }, days: { type: "string", default: "30" } } });
const count = Number(values.listings);
const days = Number(values.days);
if (!Number.isInteger(count) || count < 1 || count > 10_000 || !Number.isInteger(days) || days < 1) {
  console.error("Usage: npm run seed -- [--listings 1..10000] [--days N]");
  process.exit(2);
}

const clock = { now: Date.now() };
// The seed signs up its six sellers from one address: lift the per-address sign-up limit for it.
const config = loadConfig({ ...process.env, AUTH_SIGNUP_PER_MINUTE: "1000", AUTH_SIGNIN_PER_MINUTE: "1000" });
const services = await createServices(config, { now: () => clock.now });
try {
  const result = await seedDemoData(services, {
    listings: count,
    days,
    clock,
    onProgress: (done, total) => process.stdout.write(`\rAdding listings: ${done}/${total}`),
  });
  console.log(`\nDone: ${result.sellers} sellers, ${result.listings} listings. Demo sellers sign in with e.g. ramesh@example.in / khet-ramesh-2026.`);
  console.log(`The demo admin signs in with ${result.admin} / ${DEMO_ADMIN.password} and finds a few reports at /admin.`);
} finally {
  await services.close();
}
