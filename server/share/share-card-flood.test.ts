/**
 * A flood of requests for one share card (issue 38, finding 6), over real HTTP to the real app
 * on each engine: 80 requests at once for a card not yet made draw it once (counted by
 * mandi_share_card_renders_total), the rest wait for that render or are turned away 503 with
 * Retry-After, and a sign-in meanwhile is answered. And a saved listing's cards are made by the
 * job its save queued, before anyone asks for them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { startTestHttpApp, type TestHttpApp } from "../../tests/support/test-http-app";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { shareCardRenders } from "../metrics/metrics";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { CARD_LANGUAGES, shareCardPath } from "./share-cards.service";

const FLOOD = 80;

const renders = async () => (await shareCardRenders.get()).values.reduce((sum, entry) => sum + entry.value, 0);

describe.each(testEngines())("share cards under a flood on %s", (engine) => {
  let t: TestServices;
  let http: TestHttpApp;
  const seller = { ...makeSeller(1), phone: "+919876543210" };
  let sellerId: string;

  beforeAll(async () => {
    t = await createTestServices({ engine });
    http = await startTestHttpApp(t);
    sellerId = (await t.accounts.signUp(seller, new Headers())).id;
  });
  afterAll(async () => {
    await http?.close();
    await t?.cleanup();
  });

  async function list(name: string) {
    const photo = await makeProducePhoto("vegetables", 2, { width: 1280, height: 960 });
    const { id } = await t.listings.createListing({
      actor: { id: sellerId },
      fields: listingFields({ name, category: "vegetables", unit: "quintal", price: "2500", place: "Lasalgaon" }),
      photos: [{ bytes: photo, fileName: "a.jpg" }],
    });
    return id;
  }
  const stored = async (id: string) => {
    const keys: string[] = [];
    for await (const object of t.storage.list(`share-cards/${id}/`)) keys.push(object.key);
    return keys.sort();
  };

  it(`draws a card not yet made once for ${FLOOD} requests at once, and a sign-in meanwhile is answered`, async () => {
    // Its save queued the card's job; the job has not run (nothing runs jobs in this test).
    const id = await list("Flooded Onion");
    expect(await stored(id)).toEqual([]);
    const before = await renders();
    const path = shareCardPath(await t.listings.getListing(id), "en");
    const cards = Array.from({ length: FLOOD }, () => fetch(`${http.url}${path}`, { signal: AbortSignal.timeout(15_000) }));
    const signIn = fetch(`${http.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: http.origin },
      body: JSON.stringify({ email: seller.email, password: seller.password }),
      signal: AbortSignal.timeout(15_000),
    });
    const answers = await Promise.all(
      cards.map(async (response) => ({ response: await response, bytes: Buffer.from(await (await response).arrayBuffer()) })),
    );
    expect((await signIn).status).toBe(200);

    expect(await renders()).toBe(before + 1);
    const served = answers.filter((answer) => answer.response.status === 200);
    const shed = answers.filter((answer) => answer.response.status === 503);
    expect(served.length + shed.length).toBe(FLOOD);
    expect(served.length).toBeGreaterThan(0);
    for (const answer of served) {
      expect(answer.response.headers.get("content-type")).toBe("image/jpeg");
      expect(answer.bytes.equals(served[0]!.bytes)).toBe(true);
    }
    for (const answer of shed) expect(answer.response.headers.get("retry-after")).toBe("30");
    expect(await stored(id)).toEqual([`share-cards/${id}/${path.split("/").pop()}`]);

    // Once made, it is found: asked again, nothing is drawn.
    expect((await fetch(`${http.url}${path}`)).status).toBe(200);
    expect(await renders()).toBe(before + 1);
  });

  it("makes a saved listing's cards, in every language the card's fonts draw, without any request for them", async () => {
    const id = await list("Saved Garlic");
    await t.jobs.runDue();
    const listing = await t.listings.getListing(id);
    const names = CARD_LANGUAGES.map((lang) => `share-cards/${id}/${shareCardPath(listing, lang).split("/").pop()}`);
    expect(await stored(id)).toEqual(names.sort());

    // An edit that shows on the card makes the new one the same way, and the old one goes.
    await t.listings.saveListing({
      actor: { id: sellerId },
      id,
      fields: listingFields({ name: "Saved Garlic", category: "vegetables", unit: "quintal", price: "2600", place: "Lasalgaon" }),
      photos: listing.photos.map((photo) => ({ keep: photo.imageKey })),
    });
    await t.jobs.runDue();
    const edited = await t.listings.getListing(id);
    const editedNames = CARD_LANGUAGES.map((lang) => `share-cards/${id}/${shareCardPath(edited, lang).split("/").pop()}`);
    expect(editedNames).not.toEqual(names);
    expect(await stored(id)).toEqual(editedNames.sort());

    // A crawler then finds it made: nothing is drawn for its request.
    const before = await renders();
    expect((await fetch(`${http.url}${shareCardPath(edited, "hi")}`)).status).toBe(200);
    expect(await renders()).toBe(before);
  });
});
