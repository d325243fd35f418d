/**
 * Helpers for upload tests: a finished upload put straight into the real tus datastore (as the
 * tus endpoint would leave it), and the real /uploads endpoint on a port of its own.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { Upload, type Locker } from "@tus/utils";
import express from "express";
import { createUploadsRouter } from "../../server/uploads/tus-server";
import type { TestServices } from "./test-services";

export async function storeUpload(
  t: TestServices,
  input: { ownerId: string; bytes: Uint8Array; fileName?: string; sentBytes?: number },
): Promise<string> {
  const id = randomBytes(16).toString("hex");
  await t.uploads.registerUpload({ id, ownerId: input.ownerId, size: input.bytes.byteLength });
  await t.uploadDatastore.create(
    new Upload({ id, size: input.bytes.byteLength, offset: 0, metadata: { filename: input.fileName ?? "IMG_0001.jpg" } }),
  );
  const sent = input.bytes.subarray(0, input.sentBytes ?? input.bytes.byteLength);
  if (sent.byteLength) await t.uploadDatastore.write(Readable.from([Buffer.from(sent)]), id, 0);
  return id;
}

/** `locker`: another process's locker on the same database (as a second worker or instance has). */
export async function startUploadsServer(
  t: TestServices,
  locker: Locker = t.uploadLocker,
): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.use(createUploadsRouter({ accounts: t.accounts, uploads: t.uploads, datastore: t.uploadDatastore, locker, logger: t.logger }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The session cookie of a newly signed-up seller. */
export async function signedInSeller(t: TestServices, n: number): Promise<{ id: string; cookie: string }> {
  const email = `uploader${n}@example.in`;
  const { id } = await t.accounts.signUp(
    { name: `Uploader ${n}`, email, phone: `+9198765432${String(n).padStart(2, "0")}`, password: "long-enough-pw" },
    new Headers(),
  );
  const headers = await t.accounts.signIn({ email, password: "long-enough-pw" }, new Headers());
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id, cookie };
}
