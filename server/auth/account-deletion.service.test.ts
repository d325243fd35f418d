/**
 * Deleting one's account, on each engine, with real storage and the real tus datastore: nothing
 * of the person is left in any table, in the photo store or among unfinished uploads, and
 * nothing of anyone else's is touched.
 */
import { readdir } from "node:fs/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMAGE_WIDTHS } from "../../core/shared/constants";
import { imageVariantKey } from "../../core/uploads/images";
import { signupSchema } from "../../core/accounts/account-forms";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { storeUpload } from "../../tests/support/uploads";
import { createListingsRepository } from "../listings/listings.repository";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { createUploadsRepository } from "../uploads/uploads.repository";
import { createAccountDeletionService } from "./account-deletion.service";

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe.each(testEngines())("deleting an account on %s", (engine) => {
  let t: TestServices;
  let n = 0;

  beforeAll(async () => {
    t = await createTestServices({ engine });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** A seller with two sessions (two phones), listings with photos, and an unfinished upload. */
  async function sellerWithEverything(listings: Array<{ name: string; photos: number }>) {
    n += 1;
    const person = signupSchema.parse(
      makeSeller(200 + n, { email: `leaving${n}@example.in`, phone: `91234567${String(n).padStart(2, "0")}` }),
    );
    const { id } = await t.accounts.signUp(person, new Headers());
    const here = new Headers({ cookie: cookieOf(await t.accounts.signIn(person, new Headers())) });
    const elsewhere = new Headers({ cookie: cookieOf(await t.accounts.signIn(person, new Headers())) });
    const listingIds: string[] = [];
    for (const [i, listing] of listings.entries()) {
      const photos = await Promise.all(
        Array.from({ length: listing.photos }, async (_, p) => ({
          bytes: await makeProducePhoto("rice", n * 10 + i + p, { width: 160, height: 120 }),
          fileName: `IMG_${p}.jpg`,
        })),
      );
      const fields = listingFields({ name: listing.name, category: "rice", price: "60", description: `From ${person.name}` });
      listingIds.push((await t.listings.createListing({ actor: { id }, fields, photos })).id);
    }
    const photo = await makeProducePhoto("rice", 99, { width: 160, height: 120 });
    const uploadId = await storeUpload(t, { ownerId: id, bytes: photo, sentBytes: Math.floor(photo.byteLength / 2) });
    await t.listings.saveDefaultPlace({
      actor: { id },
      place: { state: "maharashtra", district: "nashik", place: `Village of ${person.name}`, pin: null },
    });
    return { id, person, here, elsewhere, listingIds, uploadId };
  }

  const imageKeysOf = async (listingIds: string[]) =>
    (await t.db.kysely.selectFrom("listing_photo").select("image_key").where("listing_id", "in", listingIds).execute()).map(
      (r) => r.image_key,
    );

  async function storedPhotoKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of t.storage.list("listings/")) keys.push(object.key);
    return keys.sort();
  }
  const uploadFiles = async () => readdir(t.config.uploads.dir).catch(() => [] as string[]);

  /** Every row of every table, as text: better-auth's, ours, the search index's, whatever a migration adds. */
  async function everyRow(): Promise<Array<{ table: string; row: string }>> {
    const tables =
      engine === "sqlite"
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.db.kysely)
        : await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db.kysely);
    const rows: Array<{ table: string; row: string }> = [];
    for (const { name } of tables.rows) {
      const result = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db.kysely);
      for (const row of result.rows) rows.push({ table: name, row: JSON.stringify(row) });
    }
    return rows;
  }

  it("removes the person, their sessions, password, listings with every photo, unfinished upload and failed sign-ins; others keep theirs", async () => {
    const leaving = await sellerWithEverything([
      { name: `Leaving Basmati ${engine}`, photos: 2 },
      { name: `Shared Sona Masoori ${engine}`, photos: 1 },
    ]);
    const staying = await sellerWithEverything([{ name: `Shared Sona Masoori ${engine}`, photos: 1 }]);
    const leavingKeys = await imageKeysOf(leaving.listingIds);
    const stayingKeys = await imageKeysOf(staying.listingIds);
    expect(leavingKeys).toHaveLength(3);
    // A wrong password earlier on (a sign_in_failure row for their email), and a token better-auth
    // might have issued them (a password reset, say).
    await expect(t.accounts.signIn({ email: leaving.person.email, password: "a-wrong-guess" }, new Headers())).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    const { internalAdapter } = await t.auth.$context;
    await internalAdapter.createVerificationValue({
      identifier: `reset-password:token-${engine}`,
      value: leaving.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    // Reports they sent, and a visitor's report about their listing (decision 014): both go with them.
    await t.moderation.report({
      listingId: staying.listingIds[0]!,
      reporter: { userId: leaving.id },
      reason: "price",
      details: `Reported by leaving ${engine}`,
    });
    await t.moderation.report({
      listingId: leaving.listingIds[0]!,
      reporter: { address: `198.51.100.${engine === "sqlite" ? 1 : 2}` },
      reason: "scam",
      details: null,
    });
    const stayingUploadFiles = (await uploadFiles()).filter((file) => file.startsWith(staying.uploadId));
    expect(stayingUploadFiles.length).toBeGreaterThan(0);
    expect((await uploadFiles()).some((file) => file.startsWith(leaving.uploadId))).toBe(true);
    // listing_name is left out: its row for the shared name may point at either seller's listing;
    // listing_report too: the report about the staying seller's listing was the leaving person's.
    const stayingRows = async () =>
      (await everyRow()).filter(({ table, row }) => table !== "listing_name" && table !== "listing_report" && row.includes(staying.id));
    const stayingBefore = await stayingRows();

    // The scan below finds them wherever they are: before the deletion, in all these tables.
    const traces = [
      leaving.id,
      leaving.person.email,
      leaving.person.phone,
      `Leaving Basmati ${engine}`,
      `leaving basmati ${engine}`,
      ...leaving.listingIds,
      ...leavingKeys,
      leaving.uploadId,
    ];
    const tablesHolding = async () => [
      ...new Set((await everyRow()).filter(({ row }) => traces.some((trace) => row.includes(trace))).map((r) => r.table)),
    ];
    expect(await tablesHolding()).toEqual(
      expect.arrayContaining([
        "user",
        "session",
        "account",
        "verification",
        "listing",
        "listing_photo",
        "listing_name",
        "photo_upload",
        "sign_in_failure",
        "seller_place",
        "listing_report",
      ]),
    );

    const actor = await t.accounts.getSessionUser(leaving.here);
    const headers = await t.accountDeletion.deleteAccount({ actor, password: leaving.person.password, requestHeaders: leaving.here });

    // Signed out here: the answer clears the session cookie; the other session has ended too.
    expect(headers.getSetCookie().some((c) => c.includes("session_token=") && /Max-Age=0/.test(c))).toBe(true);
    for (const session of [leaving.here, leaving.elsewhere]) expect(await t.accounts.getSessionUser(session)).toBeNull();

    // No row anywhere names them, their email or phone, or holds a listing or photo of theirs, but
    // the tombstones: their listings' random ids and when they went, so the links answer 410.
    expect(await tablesHolding()).toEqual(["listing_tombstone"]);
    const tombstones = await t.db.kysely.selectFrom("listing_tombstone").selectAll().where("id", "in", leaving.listingIds).execute();
    expect(tombstones.map((row) => Object.keys(row).sort())).toEqual(leaving.listingIds.map(() => ["id", "removed_at"]));
    // The same, table by table, for the tables known to hold them.
    const k = t.db.kysely.withTables<{
      session: { userId: string };
      account: { userId: string };
      verification: { value: string; identifier: string };
    }>();
    const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
    expect(
      await count(
        k
          .selectFrom("user")
          .select("id")
          .where((eb) => eb.or([eb("id", "=", leaving.id), eb("email", "=", leaving.person.email)])),
      ),
    ).toBe(0);
    expect(await count(k.selectFrom("session").select("userId").where("userId", "=", leaving.id))).toBe(0);
    expect(await count(k.selectFrom("account").select("userId").where("userId", "=", leaving.id))).toBe(0);
    expect(
      await count(
        k
          .selectFrom("verification")
          .select("value")
          .where((eb) => eb.or([eb("value", "=", leaving.id), eb("identifier", "=", leaving.person.email)])),
      ),
    ).toBe(0);
    expect(await count(k.selectFrom("listing").select("id").where("seller_id", "=", leaving.id))).toBe(0);
    expect(await count(k.selectFrom("listing_photo").select("image_key").where("image_key", "in", leavingKeys))).toBe(0);
    expect(await count(k.selectFrom("photo_upload").select("id").where("owner_id", "=", leaving.id))).toBe(0);
    expect(await count(k.selectFrom("sign_in_failure").select("email").where("email", "=", leaving.person.email))).toBe(0);
    // Search: the name only they used is gone; the shared one counts the other seller's listing only.
    const names = await k
      .selectFrom("listing_name")
      .selectAll()
      .where("name", "in", [`Leaving Basmati ${engine}`, `Shared Sona Masoori ${engine}`])
      .execute();
    expect(names.map((row) => ({ name: row.name, count: Number(row.listing_count), listing: row.listing_id }))).toEqual([
      { name: `Shared Sona Masoori ${engine}`, count: 1, listing: staying.listingIds[0] },
    ]);
    await expect(t.listings.getListing(leaving.listingIds[0]!)).rejects.toMatchObject({ code: "GONE" });

    // Storage: no photo variant of theirs, no upload file of theirs.
    const photoKeys = await storedPhotoKeys();
    expect(photoKeys.filter((key) => leavingKeys.some((imageKey) => key.startsWith(`${imageKey}/`)))).toEqual([]);
    expect((await uploadFiles()).filter((file) => file.startsWith(leaving.uploadId))).toEqual([]);

    // The other seller: every row, photo and upload file as it was, still signed in.
    expect(await stayingRows()).toEqual(stayingBefore);
    expect(photoKeys).toEqual(stayingKeys.flatMap((key) => IMAGE_WIDTHS.map((width) => imageVariantKey(key, width))).sort());
    expect((await uploadFiles()).filter((file) => file.startsWith(staying.uploadId))).toEqual(stayingUploadFiles);
    expect(await t.accounts.getSessionUser(staying.here)).toMatchObject({ id: staying.id });
    expect(await t.listings.getListing(staying.listingIds[0]!)).toMatchObject({ sellerId: staying.id });

    // Last, as a failed sign-in is counted (for any email, so none can be told apart) in a new row.
    await expect(
      t.accounts.signIn({ email: leaving.person.email, password: leaving.person.password }, new Headers()),
    ).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  }, 120_000);

  it("refuses a wrong password beside the field and deletes nothing; the wrong guess counts towards the slow-down", async () => {
    const seller = await sellerWithEverything([{ name: `Kept Wheat ${engine}`, photos: 1 }]);
    const actor = await t.accounts.getSessionUser(seller.here);
    const keys = await storedPhotoKeys();

    await expect(
      t.accountDeletion.deleteAccount({ actor, password: "not-my-password", requestHeaders: seller.here }),
    ).rejects.toMatchObject({
      code: "BAD_INPUT",
      field: "password",
      message: "That is not your password. Please try again.",
    });
    expect(await t.accounts.getSessionUser(seller.here)).toMatchObject({ id: seller.id });
    expect(await t.accounts.getSessionUser(seller.elsewhere)).toMatchObject({ id: seller.id });
    expect(await t.listings.getListing(seller.listingIds[0]!)).toMatchObject({ sellerId: seller.id });
    expect(await storedPhotoKeys()).toEqual(keys);
    expect((await uploadFiles()).some((file) => file.startsWith(seller.uploadId))).toBe(true);
    const failures = await t.db.kysely
      .selectFrom("sign_in_failure")
      .select("failures")
      .where("email", "=", seller.person.email)
      .executeTakeFirst();
    expect(Number(failures?.failures)).toBe(1);
  }, 60_000);

  it("is all or nothing: when a later step fails, the listings and uploads deleted before it come back", async () => {
    const seller = await sellerWithEverything([{ name: `Rolled Back Rice ${engine}`, photos: 1 }]);
    const keys = await storedPhotoKeys();
    const failing = createAccountDeletionService({
      db: t.db.kysely,
      accounts: t.accounts,
      accountsRepository: {
        deletePerson: async () => {
          throw new Error("the database went away");
        },
      },
      listingsRepository: createListingsRepository(t.db.kysely),
      uploadsRepository: createUploadsRepository(t.db.kysely),
      storage: t.storage,
      uploadDatastore: t.uploadDatastore,
      logger: t.logger,
    });
    const actor = await t.accounts.getSessionUser(seller.here);
    await expect(failing.deleteAccount({ actor, password: seller.person.password, requestHeaders: seller.here })).rejects.toThrow(
      "the database went away",
    );

    expect(await t.listings.getListing(seller.listingIds[0]!)).toMatchObject({ sellerId: seller.id });
    expect(await t.db.kysely.selectFrom("photo_upload").select("id").where("owner_id", "=", seller.id).execute()).toEqual([
      { id: seller.uploadId },
    ]);
    expect(await storedPhotoKeys()).toEqual(keys);
    expect((await uploadFiles()).some((file) => file.startsWith(seller.uploadId))).toBe(true);
    expect(await t.accounts.getSessionUser(seller.here)).toMatchObject({ id: seller.id });
  }, 60_000);

  it("asks someone signed out to log in", async () => {
    await expect(
      t.accountDeletion.deleteAccount({ actor: null, password: "whatever-1", requestHeaders: new Headers() }),
    ).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
      message: "You must login first",
    });
  });

  it("still deletes the account when a photo cannot be removed; the start-up sweep removes it later", async () => {
    const seller = await sellerWithEverything([{ name: `Stuck Photo Wheat ${engine}`, photos: 1 }]);
    const keys = await imageKeysOf(seller.listingIds);
    const actor = await t.accounts.getSessionUser(seller.here);
    const storageDelete = vi.spyOn(t.storage, "delete").mockRejectedValueOnce(new Error("the disk is not answering"));
    const logged = vi.spyOn(t.logger, "error");

    await t.accountDeletion.deleteAccount({ actor, password: seller.person.password, requestHeaders: seller.here });
    expect(storageDelete).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ keys: expect.any(Array) }), "photo cleanup failed");
    expect(await t.db.kysely.selectFrom("user").select("id").where("id", "=", seller.id).executeTakeFirst()).toBeUndefined();
    const stuck = (await storedPhotoKeys()).filter((key) => key.startsWith(`${keys[0]}/`));
    expect(stuck).toHaveLength(IMAGE_WIDTHS.length);

    // The next start, an hour on: no row refers to them, so the sweep takes them.
    storageDelete.mockRestore();
    t.clock.now = Date.now() + 2 * 3_600_000;
    const swept = await t.removePhotoLeftovers();
    expect(swept.orphanFiles).toBeGreaterThanOrEqual(IMAGE_WIDTHS.length);
    expect((await storedPhotoKeys()).filter((key) => key.startsWith(`${keys[0]}/`))).toEqual([]);
  }, 60_000);
});
