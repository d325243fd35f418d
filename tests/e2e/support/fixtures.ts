/**
 * End-to-end fixtures: a signed-in seller (`seller`), and `createListing`, which lists produce
 * through the real sell form endpoint. Both remove what they made when the test ends.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { CategorySlug } from "../../../core/catalogue/categories";
import { E2E_DATABASE_URL, E2E_DATA_DIR, E2E_PORT } from "../../../playwright.config";
import { openDatabase } from "../../../server/db/database";
import { createLocalDiskStorage } from "../../../server/media/local-disk-storage";
import { imageVariantKey } from "../../../core/uploads/images";
import { IMAGE_WIDTHS } from "../../../core/shared/constants";
import { makeProducePhoto, makeSeller, type SellerData } from "../../../server/seed/factories";

export interface Seller extends SellerData {
  id: string;
}

export interface CreatedListing {
  id: string;
  name: string;
}

let sellerCounter = 0;

/**
 * better-auth refuses a POST that carries cookies but no Origin (CSRF check); a browser always
 * sends one, so the API helpers do too.
 */
const AUTH_API_HEADERS = { origin: `http://127.0.0.1:${E2E_PORT}` };

/** A unique seller, signed up through better-auth's HTTP API (the sign-up form has its own tests). */
export async function signUpSeller(page: Page, overrides: Partial<SellerData> = {}): Promise<Seller> {
  return signUpSellerWith(page.request, overrides);
}

/** Like signUpSeller, for any request context (e.g. one made in a beforeAll hook). */
export async function signUpSellerWith(request: APIRequestContext, overrides: Partial<SellerData> = {}): Promise<Seller> {
  sellerCounter += 1;
  const seller = makeSeller(sellerCounter * 1000 + Math.floor(Math.random() * 1000), overrides);
  const response = await request.post("/api/auth/sign-up/email", {
    headers: AUTH_API_HEADERS,
    data: { name: seller.name, email: seller.email, password: seller.password, phone: `+91${seller.phone}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { user: { id: string } };
  return { ...seller, id: body.user.id };
}

/** Signs the page's browser context in (cookies are shared with page.request). */
export async function logIn(page: Page, seller: SellerData): Promise<void> {
  await logInWith(page.request, seller);
}

/** Signs a request context in (its cookies are shared with the browser context it belongs to). */
export async function logInWith(request: APIRequestContext, seller: SellerData): Promise<void> {
  const response = await request.post("/api/auth/sign-in/email", {
    headers: AUTH_API_HEADERS,
    data: { email: seller.email, password: seller.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export function withDatabase<T>(use: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const db = openDatabase(E2E_DATABASE_URL, { poolSize: 1 });
  return use(db).finally(() => db.close());
}

export async function deleteListings(ids: string[]) {
  if (!ids.length) return;
  await withDatabase(async (db) => {
    // Every photo of each listing (the cover is one of them).
    const rows = await db.kysely.selectFrom("listing_photo").select("image_key").where("listing_id", "in", ids).execute();
    await db.kysely.deleteFrom("listing").where("id", "in", ids).execute();
    const storage = createLocalDiskStorage(path.join(E2E_DATA_DIR, "media"));
    await storage.delete(rows.flatMap((r) => IMAGE_WIDTHS.map((w) => imageVariantKey(r.image_key, w))));
  });
}

export async function deleteUser(id: string) {
  // Listings and sessions go with the user (ON DELETE CASCADE); photos first.
  await withDatabase(async (db) => {
    const listings = await db.kysely.selectFrom("listing").select("id").where("seller_id", "=", id).execute();
    await deleteListings(listings.map((l) => l.id));
    await db.kysely.deleteFrom("user").where("id", "=", id).execute();
  });
}

type Fixtures = {
  /** A seller who is signed in on `page`. */
  seller: Seller;
  createListing: (fields?: Partial<Omit<ListingInput, "index">>) => Promise<CreatedListing>;
};

export const test = base.extend<Fixtures>({
  seller: async ({ page }, use) => {
    const seller = await signUpSeller(page);
    await logIn(page, seller);
    await use(seller);
    await deleteUser(seller.id);
  },

  createListing: async ({ page, seller }, use) => {
    const created: string[] = [];
    let n = 0;
    await use(async (fields = {}) => {
      n += 1;
      const listing = await createListingWith(page.request, {
        ...fields,
        name: fields.name ?? `Test Produce ${Date.now().toString(36)}-${n}`,
        description: fields.description ?? `Listed by ${seller.name} for a test`,
        index: n,
      });
      created.push(listing.id);
      return listing;
    });
    await deleteListings(created);
  },
});

export { expect };

export interface ListingInput {
  name: string;
  category?: CategorySlug | string;
  price?: string;
  description?: string;
  /** Any other field of the listing form (unit, quantity, state, district, …), as typed. */
  more?: Record<string, string>;
  /** Varies the generated photo. */
  index?: number;
}

/** Where test listings are, unless a test says otherwise. */
export const TEST_PLACE = { state: "maharashtra", district: "nashik", stateName: "Maharashtra", districtName: "Nashik" } as const;

/**
 * Lists produce through the real sell-form endpoint (multipart POST /create) with a signed-in
 * request context, and returns the new listing's id. The caller removes it (deleteListings).
 */
export async function createListingWith(request: APIRequestContext, fields: ListingInput): Promise<CreatedListing> {
  const index = fields.index ?? 1;
  const category = fields.category ?? "vegetables";
  const response = await request.post("/create", {
    multipart: {
      name: fields.name,
      category,
      price: fields.price ?? "45",
      description: fields.description ?? "Listed for a test",
      state: TEST_PLACE.state,
      district: TEST_PLACE.district,
      ...fields.more,
      image: {
        name: "photo.jpg",
        mimeType: "image/jpeg",
        buffer: await makeProducePhoto("vegetables", index, { width: 640, height: 480 }),
      },
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  return { id: await listingIdByName(fields.name), name: fields.name };
}

/** The id of the newest listing with exactly this name (throws when there is none). */
export async function listingIdByName(name: string): Promise<string> {
  return withDatabase(
    async (db) =>
      (await db.kysely.selectFrom("listing").select("id").where("name", "=", name).orderBy("created_at", "desc").executeTakeFirstOrThrow())
        .id,
  );
}

/** How many listings carry exactly this name (to prove a rejected form stored nothing). */
export async function countListingsNamed(name: string): Promise<number> {
  return withDatabase(async (db) => (await db.kysely.selectFrom("listing").select("id").where("name", "=", name).execute()).length);
}

/**
 * Moves a listing's creation time into the past. Suites that need many listings make them
 * through the real endpoint, then backdate them at once, so they never crowd the newest-first
 * sections (Fresh recommendations, category sections) that tests running alongside look at.
 */
export async function backdateListing(id: string, createdAt: number): Promise<void> {
  await withDatabase((db) => db.kysely.updateTable("listing").set({ created_at: createdAt }).where("id", "=", id).execute());
}

/**
 * Creates `count` listings one after another through the real endpoint, each backdated at once
 * (a day ago, one second apart, in creation order). Returns them in creation order.
 */
export async function createBackdatedListings(
  request: APIRequestContext,
  count: number,
  fields: (i: number) => ListingInput,
): Promise<CreatedListing[]> {
  const base = Date.now() - 24 * 3600_000;
  const created: CreatedListing[] = [];
  for (let i = 0; i < count; i++) {
    const listing = await createListingWith(request, { index: i + 1, ...fields(i) });
    await backdateListing(listing.id, base + i * 1000);
    created.push(listing);
  }
  return created;
}

/**
 * Copies a listing made through the real endpoint `count` times straight into the database
 * (same seller and photo; names, prices and dates from `fields`), for suites that need more
 * listings than the sell form can make quickly. Returns the copies' ids in creation order; remove
 * them with deleteListings (the photo goes with them).
 */
export async function insertCopiesOf(
  listingId: string,
  count: number,
  fields: (i: number) => { name: string; pricePaise: number; createdAt: number },
): Promise<string[]> {
  return withDatabase(async (db) => {
    const source = await db.kysely.selectFrom("listing").selectAll().where("id", "=", listingId).executeTakeFirstOrThrow();
    const rows = Array.from({ length: count }, (_, i) => {
      const { name, pricePaise, createdAt } = fields(i);
      return { ...source, id: randomUUID(), name, name_search: name.toLowerCase(), price_paise: pricePaise, created_at: createdAt };
    });
    await db.kysely.insertInto("listing").values(rows).execute();
    return rows.map((row) => row.id);
  });
}

/** Removes an account made through the sign-up form (with its listings), if it exists. */
export async function deleteUserByEmail(email: string): Promise<void> {
  const row = await withDatabase((db) =>
    db.kysely.selectFrom("user").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst(),
  );
  if (row) await deleteUser(row.id);
}

/** A string no other test (or earlier run) will produce: for names, searches and emails. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** A random, valid Indian mobile number (10 digits starting 9). */
export function randomIndianMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}

/**
 * A browser context with a freshly signed-up, signed-in seller, for suites that build their data
 * once in beforeAll. `dispose` deletes the seller with all their listings and closes the context.
 */
export async function openSellerContext(
  browser: Browser,
): Promise<{ context: BrowserContext; seller: Seller; dispose: () => Promise<void> }> {
  const context = await browser.newContext();
  const seller = await signUpSellerWith(context.request);
  await logInWith(context.request, seller);
  return {
    context,
    seller,
    dispose: async () => {
      await deleteUser(seller.id);
      await context.close();
    },
  };
}

/** The page's entry script: everything that hydrates a page. */
export const ENTRY_SCRIPT = /\/assets\/entry\.client-[^/]+\.js$/;

/**
 * Holds a script (by default the entry script) until the returned function is called: a slow
 * phone, whose page is there to type into long before its scripts.
 */
export async function holdScript(page: Page, url: RegExp = ENTRY_SCRIPT): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until React has hydrated the page, so controlled inputs and onChange handlers (search
 * suggestions, the category dropdown, the sort select) react to what the test does.
 */
export async function waitForHydration(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      () => {
        const input = document.querySelector("header input[role=combobox]");
        return Boolean(input) && Object.keys(input as object).some((key) => key.startsWith("__reactProps"));
      },
      undefined,
      { timeout: 15_000 },
    );
  } catch (error) {
    throw new Error(
      `The page at ${page.url()} never hydrated. Did its scripts fail to load (for example, build/client rebuilt while the test server ran)?`,
      { cause: error },
    );
  }
}

/** page.goto, then waitForHydration. Returns the navigation response. */
/**
 * The sell form with its photo uploader loaded (it arrives just after hydration). Tests that are
 * not about the hand-over from the plain file field (uploads.spec.ts has that one) start here.
 */
export async function openSellForm(page: Page) {
  await gotoHydrated(page, "/create");
  await expect(page.getByText(/Photos are made smaller before sending/)).toBeVisible();
}

/** Fills the sell form, photo included (it starts uploading at once). */
export async function fillSellForm(
  page: Page,
  values: { name: string; category: string; price: string; description: string; photo: { name: string; mimeType: string; buffer: Buffer } },
) {
  await page.getByLabel("Name", { exact: true }).fill(values.name);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: values.category });
  await page.getByLabel("Price (₹ per kg)", { exact: true }).fill(values.price);
  await page.getByLabel("Description", { exact: true }).fill(values.description);
  await fillPlace(page);
  // Submit may be pressed at once: the form is sent when the photo has uploaded.
  await page.getByLabel("Photos", { exact: true }).setInputFiles(values.photo);
}

/** Chooses the test place on the listing form (state, then one of its districts). */
export async function fillPlace(page: Page, place: { stateName: string; districtName: string } = TEST_PLACE) {
  await page.getByLabel("State", { exact: true }).selectOption({ label: place.stateName });
  await page.getByLabel("District", { exact: true }).selectOption({ label: place.districtName });
}

export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** The widest the document is, to check nothing scrolls sideways. */
export async function documentScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Collects every response with a 5xx status, to assert that bad input never crashes the server. */
export function watchServerErrors(page: Page): string[] {
  const failures: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 500) failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return failures;
}

/** gotoHydrated, then waits until the service worker (registered after load) controls the page (decision 016). */
export async function openWithServiceWorker(page: Page, url = "/") {
  await gotoHydrated(page, url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Opens the signed-in person's account menu in the header (issue 42): a <details>, opened by its name. */
export async function openAccountMenu(page: Page) {
  // The account menu is the <details> in the header's account navigation (the language switch is another).
  const menu = page.getByRole("banner").locator("nav details");
  if (!(await menu.evaluate((details: HTMLDetailsElement) => details.open))) await menu.locator("summary").click();
  return menu;
}
