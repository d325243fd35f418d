/** `npm run seed`: adds about 60 demo listings from six sellers, spread over recent weeks. */
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { seedDemoData } from "../server/seed/seed";
import { createServices } from "../server/services";

const { values } = parseArgs({ options: { listings: { type: "string", default: "60" }, days: { type: "string", default: "30" } } });
const count = Number(values.listings);
const days = Number(values.days);
if (!Number.isInteger(count) || count < 1 || count > 10_000 || !Number.isInteger(days) || days < 1) {
  console.error("Usage: npm run seed -- [--listings 1..10000] [--days N]");
  process.exit(2);
}

const clock = { now: Date.now() };
const services = await createServices(loadConfig(), { now: () => clock.now, logger: undefined });
try {
  const result = await seedDemoData(services, {
    listings: count,
    days,
    clock,
    onProgress: (done, total) => process.stdout.write(`\rAdding listings: ${done}/${total}`),
  });
  console.log(`\nDone: ${result.sellers} sellers, ${result.listings} listings. Demo sellers sign in with e.g. ramesh@example.in / khet-ramesh-2026.`);
} finally {
  await services.close();
}
