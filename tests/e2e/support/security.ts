/**
 * Shared ground for the security suites (security-*.spec.ts): the actors (anonymous, a
 * signed-in stranger, the owner of a listing and of an unfinished upload, a moderator and an
 * admin), a snapshot of what each owns (to prove a request changed nothing it must not), tus
 * helpers and status matching.
 * Snapshots are scoped to these actors' own rows, because other spec files run beside these.
 */
import { readdir, stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { sql } from "kysely";
import { E2E_DATABASE_URL, E2E_DATA_DIR, E2E_PORT } from "../../../playwright.config";
import { openDatabase, type Db } from "../../../server/db/database";
import { makeProducePhoto } from "../../../server/seed/factories";
import { markEmailVerifiedForTest } from "../../support/email-verified";
import { sellFormData } from "../../support/listings";
import { createListingWith, deleteUser, logInWith, signUpSellerWith, uniqueTag, type Seller } from "./fixtures";

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** What a browser sends with every POST from our own pages. */
export const SAME_ORIGIN = { origin: BASE_URL };
export const TUS = { "tus-resumable": "1.0.0" };
export const UPLOADS_DIR = path.join(E2E_DATA_DIR, "uploads");
export const MEDIA_DIR = path.join(E2E_DATA_DIR, "media");

export type Role = "anonymous" | "stranger" | "owner" | "moderator" | "admin";
export const ROLES: readonly Role[] = ["anonymous", "stranger", "owner", "moderator", "admin"];

/** An expected status: exact, one of several, or any in a class ("4xx"). */
export type StatusExpectation = number | readonly number[] | "4xx" | "2xx or 3xx";

export function statusMatches(status: number, expected: StatusExpectation): boolean {
  if (expected === "4xx") return status >= 400 && status < 500;
  if (expected === "2xx or 3xx") return status >= 200 && status < 400;
  return typeof expected === "number" ? status === expected : expected.includes(status);
}

/** One database connection for a whole spec file (the e2e server's, on either engine). */
export function openE2eDatabase(): Db {
  return openDatabase(E2E_DATABASE_URL, { poolSize: 1 });
}

export interface Actor {
  role: Role;
  request: APIRequestContext;
  seller?: Seller;
}

export interface World {
  anonymous: Actor;
  stranger: Actor & { seller: Seller };
  owner: Actor & { seller: Seller };
  /** Signed-in people with the moderator and admin roles (decision 014). */
  moderator: Actor & { seller: Seller };
  admin: Actor & { seller: Seller };
  /** The owner's listing, and an unfinished upload each of owner and stranger has started. */
  listingId: string;
  ownerUpload: string;
  strangerUpload: string;
  dispose(): Promise<void>;
}

export type NewContext = () => Promise<APIRequestContext>;

/** Builds the actors and what they own. Each call makes new people (a cell may sign one out). */
export async function buildWorld(newContext: NewContext): Promise<World> {
  const [anonymous, stranger, owner, moderator, admin] = await Promise.all([
    newContext(),
    newContext(),
    newContext(),
    newContext(),
    newContext(),
  ]);
  const signedIn = async (request: APIRequestContext) => {
    const seller = await signUpSellerWith(request);
    await logInWith(request, seller);
    return seller;
  };
  const [strangerSeller, ownerSeller, moderatorSeller, adminSeller] = [
    await signedIn(stranger),
    await signedIn(owner),
    await signedIn(moderator),
    await signedIn(admin),
  ];
  // What `npm run admin:grant` does; the role is read from the user row on every request.
  const db = openE2eDatabase();
  try {
    await db.kysely.updateTable("user").set({ role: "moderator" }).where("id", "=", moderatorSeller.id).execute();
    await db.kysely.updateTable("user").set({ role: "admin" }).where("id", "=", adminSeller.id).execute();
    // API keys are only for verified addresses (decision 046): the key rows are about whose key it is.
    for (const person of [strangerSeller, ownerSeller, moderatorSeller, adminSeller]) await markEmailVerifiedForTest(db.kysely, person.id);
  } finally {
    await db.close();
  }
  const listing = await createListingWith(owner, { name: `Owner Rice ${uniqueTag()}`, category: "rice", index: 3 });
  const ownerUpload = await startUpload(owner, { length: 4096, firstChunk: 1024 });
  const strangerUpload = await startUpload(stranger, { length: 8192, firstChunk: 512 });
  return {
    anonymous: { role: "anonymous", request: anonymous },
    stranger: { role: "stranger", request: stranger, seller: strangerSeller },
    owner: { role: "owner", request: owner, seller: ownerSeller },
    moderator: { role: "moderator", request: moderator, seller: moderatorSeller },
    admin: { role: "admin", request: admin, seller: adminSeller },
    listingId: listing.id,
    ownerUpload,
    strangerUpload,
    async dispose() {
      for (const person of [ownerSeller, strangerSeller, moderatorSeller, adminSeller]) await deleteUser(person.id);
      await Promise.all([anonymous.dispose(), stranger.dispose(), owner.dispose(), moderator.dispose(), admin.dispose()]);
    },
  };
}

/** Starts a tus upload and sends its first chunk; returns the upload id. */
export async function startUpload(request: APIRequestContext, options: { length: number; firstChunk: number }): Promise<string> {
  const created = await request.post("/uploads", {
    headers: {
      ...TUS,
      ...SAME_ORIGIN,
      "upload-length": String(options.length),
      "upload-metadata": `filename ${Buffer.from("own.jpg").toString("base64")}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = created.headers()["location"]!.split("/").pop()!;
  const patched = await request.patch(`/uploads/${id}`, {
    headers: { ...TUS, ...SAME_ORIGIN, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
    data: Buffer.alloc(options.firstChunk, 7),
  });
  expect(patched.status(), await patched.text()).toBe(204);
  return id;
}

/** What one person has: what no one else's request may change. */
export interface OwnedState {
  user: unknown;
  sessions: number;
  listings: Array<{ id: string; name: string; description: string }>;
  photos: Array<{ listing_id: string; position: number; image_key: string }>;
  uploads: Array<{ id: string; bytesOnDisk: number | null }>;
  /** Files stored for each of the person's photos (its WebP variants). */
  mediaFiles: number[];
  /** Their public API keys (decision 032), live or revoked. */
  apiKeys: Array<{ id: string; revoked_at: number | string | null }>;
}

export async function snapshot(db: Db, userId: string): Promise<OwnedState> {
  const k = db.kysely;
  const [user, sessions, listings, photos, uploads, apiKeys] = await Promise.all([
    k.selectFrom("user").select(["name", "email", "phone", "role", "banned", "banReason"]).where("id", "=", userId).executeTakeFirst(),
    sql<{ n: number | string }>`select count(*) as n from session where "userId" = ${userId}`.execute(k),
    k
      .selectFrom("listing")
      .select([
        "id",
        "name",
        "price_paise",
        "category",
        "description",
        "image_key",
        "status",
        "expires_at",
        "unit",
        "unit_price_paise",
        "state",
        "district",
        "hidden_at",
        "hidden_reason",
        "review_requested_at",
      ])
      .where("seller_id", "=", userId)
      .orderBy("id")
      .execute(),
    k
      .selectFrom("listing_photo")
      .innerJoin("listing", "listing.id", "listing_photo.listing_id")
      .select(["listing_photo.listing_id", "listing_photo.position", "listing_photo.image_key"])
      .where("listing.seller_id", "=", userId)
      .orderBy("listing_photo.listing_id")
      .orderBy("listing_photo.position")
      .execute(),
    k.selectFrom("photo_upload").select("id").where("owner_id", "=", userId).orderBy("id").execute(),
    k.selectFrom("api_key").select(["id", "revoked_at"]).where("user_id", "=", userId).orderBy("id").execute(),
  ]);
  return {
    user,
    sessions: Number(sessions.rows[0]?.n ?? 0),
    listings,
    photos,
    mediaFiles: await Promise.all(photos.map(async (p) => (await readdir(path.join(MEDIA_DIR, p.image_key)).catch(() => [])).length)),
    uploads: await Promise.all(uploads.map(async ({ id }) => ({ id, bytesOnDisk: await fileSize(path.join(UPLOADS_DIR, id)) }))),
    apiKeys,
  };
}

async function fileSize(file: string): Promise<number | null> {
  return stat(file).then(
    (s) => s.size,
    () => null,
  );
}

/** Is this context still signed in as this person? */
export async function signedInAs(request: APIRequestContext, userId: string): Promise<boolean> {
  const response = await request.get("/api/auth/get-session");
  if (response.status() !== 200) return false;
  const body = (await response.json().catch(() => null)) as { user?: { id?: string } } | null;
  return body?.user?.id === userId;
}

/** Every photo folder under media/listings (one per stored photo: its variants). */
export async function mediaFolders(): Promise<string[]> {
  return readdir(path.join(MEDIA_DIR, "listings")).catch(() => []);
}

/** A small real JPEG for multipart cases. */
export function smallJpeg(index = 1): Promise<Buffer> {
  return makeProducePhoto("rice", index, { width: 96, height: 72 });
}

/** A complete, valid sell form with one small photo, encoded as a browser without JavaScript sends it. */
export async function validSellForm(name: string): Promise<{ body: Buffer; contentType: string }> {
  const form = sellFormData(
    { name, category: "wheat", price: "31", description: "Listed by a security test", state: "punjab", district: "ludhiana" },
    { bytes: await smallJpeg(5), fileName: "photo.jpg" },
  );
  return encodeMultipart(form);
}

/** A short description of a response for assertion messages. */
export async function describeResponse(response: APIResponse): Promise<string> {
  const body = await response.text().catch(() => "");
  return `${response.status()} ${response.url()} ${body.slice(0, 200)}`;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One request with the path sent exactly as given (no URL normalisation: `%2e%2e`, `//` and
 * `;` reach the server untouched, as they would from curl), on its own connection.
 */
export function rawRequest(options: {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  timeoutMs?: number;
}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: E2E_PORT,
        method: options.method,
        path: options.path,
        headers: options.headers,
        agent: false,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () =>
      req.destroy(new Error(`no answer within ${options.timeoutMs ?? 15_000} ms: ${options.method} ${options.path}`)),
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The Cookie header a request context would send (its session, if signed in). */
export async function cookieHeader(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** A multipart body as a browser would encode it, with its Content-Type (boundary included). */
export async function encodeMultipart(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request("http://encode.invalid/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}
