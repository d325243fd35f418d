/**
 * The sell form's price notes (decisions 019 to 021) through the routes, as React Router calls
 * them, on real services and a fresh database: GET /api/price-insight answers the usual price
 * and the government's mandi rate for one reading of the form's fields (core/catalogue/
 * price-context), and a refused send carries the same notes back, for a page without script.
 */
import { createReadStream } from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as createAction } from "../../app/routes/create";
import { loader as mandiRateLoader } from "../../app/routes/api.mandi-rate";
import { loader as priceInsightLoader } from "../../app/routes/api.price-insight";
import { importMandiRates } from "../../server/mandi-rates/import-mandi-rates";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import { listingFields } from "../support/listings";
import { testEngines } from "../support/test-database";
import { createTestServices, routeContextFor, type TestServices } from "../support/test-services";
import { signedInSeller } from "../support/uploads";

type AnyRoute = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

/** A route's answer as data: React Router's data() holds the value and its response init. */
async function answer(
  route: AnyRoute,
  request: Request,
  context: AppLoadContext,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data: body, init } = (await route({ request, context, params: {} })) as {
    data: Record<string, unknown>;
    init: ResponseInit | null;
  };
  return { status: init?.status ?? 200, body };
}

/** What the seller has typed: "Red pyaz" sold by the quintal in Nashik, the category as the banner spells it. */
const TYPED = { name: "Red pyaz", category: "Vegetables", unit: "quintal", state: "maharashtra", district: "nashik" };

describe.each(testEngines())("the sell form's price notes on %s", (engine) => {
  let t: TestServices;
  const ask = (query: Record<string, string>) =>
    answer(
      priceInsightLoader as AnyRoute,
      new Request(`http://127.0.0.1/api/price-insight?${new URLSearchParams(query)}`),
      routeContextFor(t),
    );

  beforeAll(async () => {
    t = await createTestServices({ engine });
    await importMandiRates({ db: t.db, input: createReadStream(path.resolve("docs/samples/mandi-rates-sample.csv")) });
    // Five onion listings in Nashik from four sellers: enough for a band.
    const photo = await makeProducePhoto("vegetables", 1, { width: 200, height: 150 });
    const sellers = [];
    for (let n = 1; n <= 4; n++) sellers.push(await t.accounts.signUp({ ...makeSeller(n), phone: `+91987654321${n}` }, new Headers()));
    for (const [n, price] of [18, 20, 22, 18, 24].entries()) {
      t.clock.now += 60_000;
      await t.listings.createListing({
        actor: sellers[n % 4]!,
        fields: listingFields({ name: "Nashik onion", category: "vegetables", price: String(price) }),
        photos: [{ bytes: photo, fileName: "p.jpg" }],
      });
    }
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("answers the usual price, in the seller's unit, and the mandi rate for the same produce and place", async () => {
    const { status, body } = await ask(TYPED);
    expect(status).toBe(200);
    expect(body.note).toMatchObject({ produceId: "onion", enough: true, scope: "district", unit: "quintal", listings: 5 });
    expect(body.rate).toMatchObject({ market: "Lasalgaon", district: "Nashik", scope: "district", modalPerKg: 2150 });
  });

  it("follows the seller's choice of produce, and says nothing for none of these", async () => {
    expect((await ask({ ...TYPED, name: "Lal", produce: "onion" })).body).toMatchObject({
      note: { produceId: "onion" },
      rate: { market: "Lasalgaon" },
    });
    expect((await ask({ ...TYPED, produce: "none" })).body).toEqual({ note: null, rate: null });
    // No place yet: the usual price across India, and no rate.
    expect((await ask({ name: "Red pyaz" })).body).toMatchObject({ note: { produceId: "onion" }, rate: null });
  });

  it("carries the same notes back with a refused send, for a page without script", async () => {
    const seller = await signedInSeller(t, 7);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...TYPED, price: "2100", description: "" })) form.append(name, value);
    const refused = await answer(
      createAction as AnyRoute,
      new Request("http://127.0.0.1/create", { method: "POST", body: form }),
      routeContextFor(t, seller.cookie),
    );
    expect(refused.status).toBe(400);
    const live = (await ask(TYPED)).body;
    expect(refused.body).toMatchObject({ priceInsight: live.note, mandiRate: live.rate });
    expect(refused.body.mandiRate).not.toBeNull();
  });

  it("keeps /api/mandi-rate answering the rate on its own", async () => {
    const { status, body } = await answer(
      mandiRateLoader as AnyRoute,
      new Request(
        `http://127.0.0.1/api/mandi-rate?${new URLSearchParams({ name: "onion", category: "vegetables", state: "maharashtra", district: "nashik" })}`,
      ),
      routeContextFor(t),
    );
    expect(status).toBe(200);
    expect(body.rate).toMatchObject({ market: "Lasalgaon", scope: "district" });
  });
});
