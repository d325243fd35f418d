/**
 * A small marketplace for the public API's tests (server/public-api/): onions in Nashik at known
 * prices from three sellers (enough for price insight), a tomato elsewhere, and Lasalgaon's mandi
 * rates, all through the real services and the real importer.
 */
import { Readable } from "node:stream";
import { importMandiRates } from "../../server/mandi-rates/import-mandi-rates";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import { listingFields } from "./listings";
import { agmarknetDate, CSV_HEADER_LINE } from "./mandi-rates";
import type { HttpAppOptions } from "../../server/http/app";
import type { TestEngine } from "./test-database";
import { startTestHttpApp, type TestHttpApp } from "./test-http-app";
import { createTestServices, type TestServices } from "./test-services";

export const SELLER_PHONES = ["+919876500001", "+919876500002", "+919876500003"];
/** Rupees per kg of the Nashik onions, in the order they are listed. */
export const ONION_PRICES = [18, 26, 21, 19, 24, 30, 22, 20, 23, 25, 17];

export interface ApiMarket {
  sellers: Array<{ id: string }>;
  onionIds: string[];
  tomatoId: string;
}

export async function seedApiMarket(t: TestServices): Promise<ApiMarket> {
  const photo = await makeProducePhoto("vegetables", 1, { width: 200, height: 150 });
  const sellers: Array<{ id: string }> = [];
  for (const [n, phone] of SELLER_PHONES.entries())
    sellers.push({ id: (await t.accounts.signUp({ ...makeSeller(n + 1), phone }, new Headers())).id });
  const list = async (seller: { id: string }, form: Record<string, string>) => {
    t.clock.now += 60_000;
    const { id } = await t.listings.createListing({
      actor: seller,
      fields: listingFields({ category: "Vegetable", ...form }),
      photos: [{ bytes: photo, fileName: "p.jpg" }],
    });
    return id;
  };
  const onionIds: string[] = [];
  for (const [i, price] of ONION_PRICES.entries())
    onionIds.push(await list(sellers[i % sellers.length]!, { name: i % 2 ? "Red onion" : "Nashik onion", price: String(price) }));
  const tomatoId = await list(sellers[0]!, { name: "Tomato", price: "15", state: "karnataka", district: "kolar" });
  const lines = [0, 1, 2, 3].map(
    (daysAgo) =>
      `Maharashtra,Nashik,"Lasalgaon","Onion",Red,FAQ,${agmarknetDate(daysAgo, t.clock.now)},${1900 + daysAgo * 10},${2300 + daysAgo * 10},${2150 + daysAgo * 10}`,
  );
  lines.push(`Maharashtra,Nashik,"Pimpalgaon","Onion",Red,FAQ,${agmarknetDate(1, t.clock.now)},1800,2200,2000`);
  await importMandiRates({ db: t.db, input: Readable.from([Buffer.from([CSV_HEADER_LINE, ...lines].join("\n"))]) });
  return { sellers, onionIds, tomatoId };
}

/**
 * The API over real HTTP on a fresh database holding seedApiMarket's marketplace, its rate limits
 * out of the way; `apiDeprecations` marks operations or parameters deprecated, as v1's table would.
 */
export async function serveApiMarket(
  engine: TestEngine,
  options: Pick<HttpAppOptions, "apiDeprecations"> = {},
): Promise<{ t: TestServices; market: ApiMarket; http: TestHttpApp }> {
  const t = await createTestServices({ engine, env: { API_PER_MINUTE: "1000000", API_CONTACT_PER_MINUTE: "1000000" } });
  const market = await seedApiMarket(t);
  return { t, market, http: await startTestHttpApp(t, options) };
}

export async function stopApiMarket(served: { t?: TestServices; http?: TestHttpApp }): Promise<void> {
  await served.http?.close();
  await served.t?.cleanup();
}
