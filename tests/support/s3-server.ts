/**
 * A real S3 API server for tests: s3rver on 127.0.0.1, a free port, its own temp folder and a
 * fresh bucket. `env` holds the S3_* variables that point Mandi at it, so a test (or a second app
 * instance, or an end-to-end server) is switched to S3 by adding them to its environment.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageOptions } from "../../server/media/s3-storage";

export interface S3TestServer {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  bucket: string;
  /** S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE. */
  env: Record<string, string>;
  /** The same settings for createS3Storage. */
  storageOptions: S3StorageOptions;
  /** Stops the server and deletes everything it stored. */
  stop(): Promise<void>;
  /** An outage: stops answering (connections refused) and keeps what it stored… */
  pause(): Promise<void>;
  /** …and comes back on the same port with the same objects. */
  resume(): Promise<void>;
}

/** s3rver accepts requests signed with this fixed key pair. */
const S3RVER_CREDENTIAL = "S3RVER";

/** Connections still open this long after stop() are cut, so a stuck client cannot hang a test run. */
const STOP_GRACE_MS = 2_000;

/** `port`: a fixed one (say, for an end-to-end server configured before it starts); a free one by default. */
export async function startS3Server(options: { port?: number } = {}): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), "mandi-s3rver-"));
  const bucket = `mandi-test-${randomBytes(4).toString("hex")}`;
  const makeServer = (port: number) =>
    new S3rver({ address: "127.0.0.1", port, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
  let server = makeServer(options.port ?? 0);
  let address;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const close = async () => {
    const force = setTimeout(() => server.httpServer?.closeAllConnections(), STOP_GRACE_MS);
    try {
      await server.close();
    } finally {
      clearTimeout(force);
    }
  };
  const endpoint = `http://127.0.0.1:${address.port}`;
  const storageOptions: S3StorageOptions = {
    bucket,
    endpoint,
    region: "us-east-1",
    accessKeyId: S3RVER_CREDENTIAL,
    secretAccessKey: S3RVER_CREDENTIAL,
    forcePathStyle: true,
  };
  let stopped = false;
  let paused = false;
  return {
    endpoint,
    bucket,
    storageOptions,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: storageOptions.region,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIAL,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIAL,
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (!paused) await close();
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
    async pause() {
      paused = true;
      await close();
      // Kept-alive sockets would let a client still reach it: an outage refuses them all.
      server.httpServer?.closeAllConnections();
    },
    async resume() {
      server = makeServer(address.port);
      await server.run();
      paused = false;
    },
  };
}
