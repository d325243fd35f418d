import { readdirSync } from "node:fs";
import { listingFields } from "../../tests/support/listings";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imageVariantKey } from "../../core/uploads/images";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { signedInSeller, storeUpload } from "../../tests/support/uploads";
import { makeProducePhoto } from "../seed/factories";
import { startUploadExpirySweep } from "./uploads.service";

const HOUR = 3_600_000;
const fields = listingFields({ name: "Alphonso Mango", category: "fruits", price: "250", description: "Ratnagiri" });

describe.each(testEngines())("on %s", (engine) => {
  let t: TestServices;
  let seller: string;
  let other: string;
  let photos: Buffer[];

  const mediaFiles = () => {
    const dir = path.join(t.dataDir, "media", "listings");
    try {
      return readdirSync(dir).length;
    } catch {
      return 0;
    }
  };
  const uploadRows = async (ownerId: string) =>
    (await t.db.kysely.selectFrom("photo_upload").select("id").where("owner_id", "=", ownerId).execute()).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestServices({
      engine,
      env: { MAX_UPLOADS_IN_FLIGHT: "6", UPLOAD_EXPIRY_HOURS: "24", MAX_IMAGE_BYTES: String(2 * 1024 * 1024) },
    });
    seller = (await signedInSeller(t, 1)).id;
    other = (await signedInSeller(t, 2)).id;
    photos = await Promise.all([1, 2, 3].map((i) => makeProducePhoto("fruits", i, { width: 900, height: 600 })));
  });
  afterAll(async () => {
    await t.cleanup();
  });

  describe("createListingFromUploads", () => {
    it("makes a listing with the photos in the seller's order, the first as cover, then removes the uploads", async () => {
      const ids = [];
      for (const [i, bytes] of photos.entries()) ids.push(await storeUpload(t, { ownerId: seller, bytes, fileName: `IMG_${i}.jpg` }));
      const { id } = await t.listings.createListingFromUploads({ actor: { id: seller }, fields, uploadIds: [ids[2]!, ids[0]!, ids[1]!] });

      const listing = await t.listings.getListing(id);
      expect(listing.photos).toHaveLength(3);
      expect(listing.imageKey).toBe(listing.photos[0]!.imageKey);
      const rows = await t.db.kysely
        .selectFrom("listing_photo")
        .select(["position", "image_name"])
        .where("listing_id", "=", id)
        .orderBy("position")
        .execute();
      expect(rows.map((r) => r.image_name)).toEqual(["IMG_2.jpg", "IMG_0.jpg", "IMG_1.jpg"]);
      for (const photo of listing.photos)
        expect((await t.storage.get(imageVariantKey(photo.imageKey, 640)))?.contentType).toBe("image/webp");
      // The cover is the third upload: same shape, so same size as its own re-encode.
      const cover = await t.storage.get(imageVariantKey(listing.imageKey, 320));
      expect(cover).not.toBeNull();
      expect(await uploadRows(seller)).toEqual([]);
      for (const uploadId of ids) await expect(t.uploadDatastore.getUpload(uploadId)).rejects.toBeDefined();
    });

    it("refuses someone else's upload and stores nothing", async () => {
      const theirs = await storeUpload(t, { ownerId: other, bytes: photos[0]! });
      const [before, filesBefore] = [await t.listings.countListings(), mediaFiles()];
      await expect(t.listings.createListingFromUploads({ actor: { id: seller }, fields, uploadIds: [theirs] })).rejects.toMatchObject({
        code: "BAD_INPUT",
        field: "image",
        message: "The given file does not have any download URLs. Please add the photo again.",
      });
      expect([await t.listings.countListings(), mediaFiles()]).toEqual([before, filesBefore]);
      expect(await uploadRows(other)).toEqual([theirs]);
      await t.uploads.discardUploads([theirs]);
    });

    it("refuses an upload that has not finished, keeping it so it can resume", async () => {
      const half = await storeUpload(t, { ownerId: seller, bytes: photos[0]!, sentBytes: 1000 });
      await expect(t.listings.createListingFromUploads({ actor: { id: seller }, fields, uploadIds: [half] })).rejects.toMatchObject({
        message: "A photo has not finished uploading. Please wait for it, or remove it.",
      });
      expect((await t.uploadDatastore.getUpload(half)).offset).toBe(1000);
      await t.uploads.discardUploads([half]);
    });

    it("refuses more photos than a listing may have", async () => {
      const ids = ["a", "b", "c", "d", "e", "f"].map((c) => c.repeat(32));
      await expect(t.listings.createListingFromUploads({ actor: { id: seller }, fields, uploadIds: ids })).rejects.toMatchObject({
        message: "A listing can have up to 5 photos. Please remove some.",
      });
    });

    it("when a later photo is bad, removes the earlier photo's variants and keeps every upload", async () => {
      const good = await storeUpload(t, { ownerId: seller, bytes: photos[0]! });
      const bad = await storeUpload(t, { ownerId: seller, bytes: new TextEncoder().encode("not a photo at all") });
      const filesBefore = mediaFiles();
      await expect(t.listings.createListingFromUploads({ actor: { id: seller }, fields, uploadIds: [good, bad] })).rejects.toMatchObject({
        code: "UNSUPPORTED_MEDIA",
      });
      expect(mediaFiles()).toBe(filesBefore);
      expect((await uploadRows(seller)).sort()).toEqual([good, bad].sort());
      await t.uploads.discardUploads([good, bad]);
    });
  });

  describe("editing a listing's photos (saveListing) and deleting a listing", () => {
    const variantsOf = async (imageKey: string) =>
      Promise.all([320, 640, 1280].map(async (w) => (await t.storage.get(imageVariantKey(imageKey, w as 320 | 640 | 1280))) !== null));

    async function listingWithPhotos(count: number) {
      const ids = [];
      for (let i = 0; i < count; i++) ids.push(await storeUpload(t, { ownerId: seller, bytes: photos[i]! }));
      const { id } = await t.listings.createListingFromUploads({ actor: { id: seller }, fields, uploadIds: ids });
      return t.listings.getListing(id);
    }

    it("replaces the photos in one change, then removes the old files and the uploads", async () => {
      const listing = await listingWithPhotos(2);
      const upload = await storeUpload(t, { ownerId: seller, bytes: photos[2]! });
      await t.listings.saveListing({ actor: { id: seller }, id: listing.id, fields, photos: [{ upload }] });

      const after = await t.listings.getListing(listing.id);
      expect(after.photos).toHaveLength(1);
      expect(after.imageKey).toBe(after.photos[0]!.imageKey);
      expect(await variantsOf(after.imageKey)).toEqual([true, true, true]);
      for (const old of listing.photos) expect(await variantsOf(old.imageKey)).toEqual([false, false, false]);
      expect(await uploadRows(seller)).toEqual([]);
    });

    it("keeps the old photos when the new ones are refused, and stores nothing new", async () => {
      const listing = await listingWithPhotos(1);
      const bad = await storeUpload(t, { ownerId: seller, bytes: new TextEncoder().encode("<svg onload=alert(1)>") });
      const filesBefore = mediaFiles();
      await expect(
        t.listings.saveListing({ actor: { id: seller }, id: listing.id, fields, photos: [{ upload: bad }] }),
      ).rejects.toMatchObject({
        code: "UNSUPPORTED_MEDIA",
      });
      expect((await t.listings.getListing(listing.id)).photos).toEqual(listing.photos);
      expect(await variantsOf(listing.imageKey)).toEqual([true, true, true]);
      expect(mediaFiles()).toBe(filesBefore);
      await t.uploads.discardUploads([bad]);
    });

    it("lets only the seller change or delete a listing; anyone else is told it does not exist", async () => {
      const listing = await listingWithPhotos(1);
      const theirs = await storeUpload(t, { ownerId: other, bytes: photos[1]! });
      await expect(
        t.listings.saveListing({ actor: { id: other }, id: listing.id, fields, photos: [{ upload: theirs }] }),
      ).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(t.listings.deleteListing({ actor: { id: other }, id: listing.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(t.listings.deleteListing({ actor: null, id: listing.id })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      expect((await t.listings.getListing(listing.id)).photos).toEqual(listing.photos);
      await t.uploads.discardUploads([theirs]);
    });

    it("deletes a listing, then every one of its photos' files", async () => {
      const listing = await listingWithPhotos(3);
      await t.listings.deleteListing({ actor: { id: seller }, id: listing.id });
      await expect(t.listings.getListing(listing.id)).rejects.toMatchObject({ code: "GONE" });
      for (const photo of listing.photos) expect(await variantsOf(photo.imageKey)).toEqual([false, false, false]);
      const rows = await t.db.kysely.selectFrom("listing_photo").select("image_key").where("listing_id", "=", listing.id).execute();
      expect(rows).toEqual([]);
    });
  });

  describe("limits", () => {
    it("refuses an upload past the per-person limit, an empty one, one over the size limit and one of unknown size", async () => {
      const ids = [];
      for (let i = 0; i < 6; i++) ids.push(await storeUpload(t, { ownerId: seller, bytes: photos[0]! }));
      await expect(storeUpload(t, { ownerId: seller, bytes: photos[0]! })).rejects.toMatchObject({
        code: "RATE_LIMITED",
        message: "Too many photos are uploading at once. Please wait for one to finish.",
      });
      // Someone else is not held back by this seller's uploads.
      await t.uploads.discardUploads([await storeUpload(t, { ownerId: other, bytes: photos[0]! })]);
      await t.uploads.discardUploads(ids);

      await expect(t.uploads.registerUpload({ id: "e".repeat(32), ownerId: seller, size: 0 })).rejects.toMatchObject({
        message: "This file is empty. Please choose a photo.",
      });
      await expect(t.uploads.registerUpload({ id: "e".repeat(32), ownerId: seller, size: 2 * 1024 * 1024 + 1 })).rejects.toMatchObject({
        code: "TOO_LARGE",
        message: "This photo is larger than 2 MB. Please choose a smaller photo.",
      });
      await expect(t.uploads.registerUpload({ id: "e".repeat(32), ownerId: seller, size: undefined })).rejects.toMatchObject({
        code: "BAD_INPUT",
      });
      expect(await uploadRows(seller)).toEqual([]);
    });

    it("releases the uploads a seller left idle longest when their limit is full, files too, and only as many as needed", async () => {
      const stranded = [];
      for (let i = 0; i < 6; i++) {
        stranded.push(await storeUpload(t, { ownerId: seller, bytes: photos[0]!, sentBytes: 1000 }));
        t.clock.now += 60_000;
      }
      const theirs = await storeUpload(t, { ownerId: other, bytes: photos[0]! });
      // A crash or a closed tab, an hour ago: nothing has touched these since.
      t.clock.now += HOUR;
      const fresh = await storeUpload(t, { ownerId: seller, bytes: photos[1]! });

      await expect(t.uploadDatastore.getUpload(stranded[0]!)).rejects.toBeDefined();
      expect((await uploadRows(seller)).sort()).toEqual([...stranded.slice(1), fresh].sort());
      for (const id of stranded.slice(1)) expect((await t.uploadDatastore.getUpload(id)).offset).toBe(1000);
      // Someone else's uploads are never released for this seller.
      expect(await uploadRows(other)).toEqual([theirs]);
      await t.uploads.discardUploads([...stranded.slice(1), fresh, theirs]);
    });

    it("keeps refusing while the seller's uploads are live, and never releases a live one", async () => {
      const live = [];
      for (let i = 0; i < 6; i++) live.push(await storeUpload(t, { ownerId: seller, bytes: photos[0]!, sentBytes: 1000 }));
      t.clock.now += 60_000;
      await expect(storeUpload(t, { ownerId: seller, bytes: photos[0]! })).rejects.toMatchObject({ code: "RATE_LIMITED" });
      expect((await uploadRows(seller)).sort()).toEqual([...live].sort());
      for (const id of live) expect((await t.uploadDatastore.getUpload(id)).offset).toBe(1000);
      await t.uploads.discardUploads(live);
    });
  });

  describe("expiry", () => {
    it("removes uploads older than the expiry that never became part of a listing, and keeps newer ones", async () => {
      const old = await storeUpload(t, { ownerId: seller, bytes: photos[0]! });
      t.clock.now += 23 * HOUR;
      const recent = await storeUpload(t, { ownerId: seller, bytes: photos[1]! });
      t.clock.now += 1 * HOUR + 1;

      expect(await t.uploads.removeExpiredUploads()).toBe(1);
      await expect(t.uploadDatastore.getUpload(old)).rejects.toBeDefined();
      expect((await t.uploadDatastore.getUpload(recent)).offset).toBe(photos[1]!.length);
      expect(await uploadRows(seller)).toEqual([recent]);
      await t.uploads.discardUploads([recent]);
    });

    it("sweeps on a timer that does not keep the process alive, until stopped", async () => {
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      try {
        const sweep = vi.fn(async () => 0);
        const stop = startUploadExpirySweep({ removeExpiredUploads: sweep }, { intervalMs: 15 * 60_000, logger: t.logger });
        await vi.advanceTimersByTimeAsync(45 * 60_000);
        expect(sweep).toHaveBeenCalledTimes(3);
        stop();
        await vi.advanceTimersByTimeAsync(60 * 60_000);
        expect(sweep).toHaveBeenCalledTimes(3);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe("a hostile corpus, through the real service", () => {
    async function jpeg(width: number, height: number) {
      return sharp({ create: { width, height, channels: 3, background: "#2d6a4f" } })
        .jpeg()
        .toBuffer();
    }
    const text = (s: string) => new TextEncoder().encode(s);

    // Each is refused with a message a person can act on, and nothing is stored.
    const refused: Array<[string, () => Promise<Uint8Array>, string, RegExp]> = [
      ["a text file named .jpg", async () => text("shopping list: onions, rice"), "UNSUPPORTED_MEDIA", /not a photo we can use/],
      [
        "an SVG with a script",
        async () => text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        "UNSUPPORTED_MEDIA",
        /not a photo/,
      ],
      ["a PHP file renamed .jpg.php", async () => text("<?php system($_GET['c']); ?>"), "UNSUPPORTED_MEDIA", /not a photo/],
      [
        "a pixel bomb",
        () =>
          sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#fff" } })
            .png({ compressionLevel: 9 })
            .toBuffer(),
        "TOO_LARGE",
        /too many pixels/,
      ],
      [
        "a truncated JPEG",
        async () => {
          const whole = await makeProducePhoto("rice", 1, { width: 800, height: 600 });
          return whole.subarray(0, Math.floor(whole.length / 2));
        },
        "UNSUPPORTED_MEDIA",
        /seems damaged/,
      ],
    ];

    it.each(refused)("refuses %s", async (_name, make, code, message) => {
      const upload = await storeUpload(t, { ownerId: seller, bytes: await make(), fileName: "photo.jpg" });
      const [before, filesBefore] = [await t.listings.countListings(), mediaFiles()];
      await expect(t.listings.createListingFromUploads({ actor: { id: seller }, fields, uploadIds: [upload] })).rejects.toMatchObject({
        code,
        field: "image",
        message: expect.stringMatching(message),
      });
      expect([await t.listings.countListings(), mediaFiles()]).toEqual([before, filesBefore]);
      await t.uploads.discardUploads([upload]);
    });

    it.each([
      ["a 0-byte file", 0, "This file is empty. Please choose a photo."],
      ["a file over the limit", 2 * 1024 * 1024 + 1, "This photo is larger than 2 MB. Please choose a smaller photo."],
    ])("refuses %s before a byte is stored", async (_name, size, message) => {
      await expect(t.uploads.registerUpload({ id: "f".repeat(32), ownerId: seller, size })).rejects.toMatchObject({ message });
      expect(await uploadRows(seller)).toEqual([]);
    });

    it("neutralises a JPEG/HTML polyglot: the photo is re-encoded and no HTML survives", async () => {
      const html = "<html><body><script>alert(document.cookie)</script></body></html>";
      // A valid JPEG with HTML in a comment segment and after the end marker.
      const base = await sharp(await jpeg(400, 300))
        .jpeg()
        .toBuffer();
      const comment = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([0, html.length + 2]), Buffer.from(html)]);
      const polyglot = Buffer.concat([base.subarray(0, 2), comment, base.subarray(2), Buffer.from(html)]);
      expect((await sharp(polyglot).metadata()).format).toBe("jpeg");

      const upload = await storeUpload(t, { ownerId: seller, bytes: polyglot, fileName: "cute.html.jpg" });
      const { id } = await t.listings.createListingFromUploads({ actor: { id: seller }, fields, uploadIds: [upload] });
      const listing = await t.listings.getListing(id);
      for (const width of [320, 640, 1280] as const) {
        const stored = await t.storage.get(imageVariantKey(listing.imageKey, width));
        const chunks: Buffer[] = [];
        for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        expect(stored!.contentType).toBe("image/webp");
        expect(body.toString("latin1")).not.toContain("<script");
        expect((await sharp(body).metadata()).format).toBe("webp");
      }
    });

    it("neutralises a path-traversal file name: stored under a generated key, the name kept only as plain text", async () => {
      const upload = await storeUpload(t, { ownerId: seller, bytes: photos[0]!, fileName: "../../../etc/passwd\u0000.jpg" });
      const { id } = await t.listings.createListingFromUploads({ actor: { id: seller }, fields, uploadIds: [upload] });
      const listing = await t.listings.getListing(id);
      expect(listing.imageKey).toMatch(/^listings\/[0-9a-f-]{36}$/);
      const row = await t.db.kysely.selectFrom("listing_photo").select("image_name").where("listing_id", "=", id).executeTakeFirstOrThrow();
      expect(row.image_name).toBe("passwd.jpg");
    });
  });
});
