/**
 * End-to-end fixtures: a signed-in seller (`seller`), and `createListing`, which lists produce
 * through the real sell form endpoint. Both remove what they made when the test ends.
 */
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import type { CategorySlug } from "../../../core/categories";
import { E2E_DATA_DIR } from "../../../playwright.config";
import { openDatabase } from "../../../server/db/database";
import { createLocalDiskStorage } from "../../../server/media/local-disk-storage";
import { imageVariantKey } from "../../../core/images";
import { IMAGE_WIDTHS } from "../../../core/constants";
import { makeProducePhoto, makeSeller, type SellerData } from "../../../server/seed/factories";

export interface Seller extends SellerData {
  id: string;
}

export interface CreatedListing {
  id: string;
  name: string;
}

let sellerCounter = 0;

/** A unique seller, signed up through better-auth's HTTP API (the sign-up form has its own tests). */
export async function signUpSeller(page: Page, overrides: Partial<SellerData> = {}): Promise<Seller> {
  sellerCounter += 1;
  const seller = makeSeller(sellerCounter * 1000 + Math.floor(Math.random() * 1000), overrides);
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name: seller.name, email: seller.email, password: seller.password, phone: `+91${seller.phone}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { user: { id: string } };
  return { ...seller, id: body.user.id };
}

/** Signs the page's browser context in (cookies are shared with page.request). */
export async function logIn(page: Page, seller: SellerData): Promise<void> {
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email: seller.email, password: seller.password } });
  expect(response.ok(), await response.text()).toBe(true);
}

function withDatabase<T>(use: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const db = openDatabase(`sqlite:${path.join(E2E_DATA_DIR, "mandi.sqlite")}`);
  return use(db).finally(() => db.close());
}

async function deleteListings(ids: string[]) {
  if (!ids.length) return;
  await withDatabase(async (db) => {
    const rows = await db.kysely.selectFrom("listing").select("image_key").where("id", "in", ids).execute();
    await db.kysely.deleteFrom("listing").where("id", "in", ids).execute();
    const storage = createLocalDiskStorage(path.join(E2E_DATA_DIR, "media"));
    await storage.delete(rows.flatMap((r) => IMAGE_WIDTHS.map((w) => imageVariantKey(r.image_key, w))));
  });
}

async function deleteUser(id: string) {
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
  createListing: (fields?: { name?: string; category?: CategorySlug | string; price?: string; description?: string }) => Promise<CreatedListing>;
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
      const name = fields.name ?? `Test Produce ${Date.now().toString(36)}-${n}`;
      const category = fields.category ?? "vegetables";
      const response = await page.request.post("/create", {
        multipart: {
          name,
          category,
          price: fields.price ?? "45",
          description: fields.description ?? `Listed by ${seller.name} for a test`,
          image: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await makeProducePhoto("vegetables", n, { width: 640, height: 480 }) },
        },
        maxRedirects: 0,
      });
      expect(response.status(), await response.text()).toBe(302);
      const id = await withDatabase(async (db) =>
        (await db.kysely.selectFrom("listing").select("id").where("name", "=", name).orderBy("created_at", "desc").executeTakeFirstOrThrow()).id,
      );
      created.push(id);
      return { id, name };
    });
    await deleteListings(created);
  },
});

export { expect };
