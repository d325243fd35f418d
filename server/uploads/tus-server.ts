/**
 * The tus resumable-upload endpoint at /uploads, for signed-in people only. Each upload is
 * registered to whoever started it (with a per-person limit); only they may continue, read the
 * offset of, or cancel it. What a client puts in Upload-Metadata is untrusted: the file name is
 * kept as text only and the type is read from the bytes when the listing is made.
 */
import { randomBytes } from "node:crypto";
import { fromNodeHeaders } from "better-auth/node";
import { EVENTS, Server, type ServerOptions } from "@tus/server";
import type { Locker } from "@tus/utils";
import express, { type Router } from "express";
import { isAppError } from "../../core/shared/app-error";
import { MESSAGES } from "../../core/i18n/messages";
import { UPLOAD_ID_PATTERN } from "../../core/uploads/photos";
import type { AccountsService } from "../auth/accounts.service";
import { UNAVAILABLE_SAVE_MESSAGE } from "../http/unavailable";
import type { Logger } from "../logger";
import { classifyUnavailable, describeUnavailability, RETRY_AFTER_SECONDS } from "../unavailable";
import type { UploadDatastore } from "./tus-datastore";
import { UPLOAD_LOCK_TIMINGS, UPLOAD_LOCKED } from "./upload-locker";
import type { UploadsService } from "./uploads.service";
import onFinished from "on-finished";
import { uploadRequestsInFlight } from "../metrics/metrics";

export const UPLOADS_PATH = "/uploads";
const BAD_ADDRESS = "This upload address is not valid. Please add the photo again.";
const NO_PARALLEL_UPLOADS = "Please send the photo in one piece: uploading it in parallel parts is not supported.";
/**
 * What the checks below found, by request, for tus's hooks (which see the Node request
 * underneath): who is signed in, and the one upload id whose owner was verified.
 */
const checked = new WeakMap<object, { ownerId: string; uploadId: string | undefined; created?: string }>();
/** The request as the hooks of tus see it. */
type TusRequest = Parameters<NonNullable<ServerOptions["getFileIdFromRequest"]>>[0];
const checkedFor = (req: TusRequest) => (req.runtime?.node?.req ? checked.get(req.runtime.node.req) : undefined);

/**
 * The only addresses served: /uploads (to start one) and /uploads/<id>, nothing before or after.
 * tus would otherwise take the id from the end of the whole URL, query string included, and act
 * on an upload other than the one checked; so a query string, an encoded or doubled slash, `;`,
 * `..` or a second segment is refused rather than interpreted. `null`: not such an address.
 */
export function parseUploadAddress(originalUrl: string): { id: string | undefined } | null {
  if (originalUrl === UPLOADS_PATH) return { id: undefined };
  if (!originalUrl.startsWith(`${UPLOADS_PATH}/`)) return null;
  const id = originalUrl.slice(UPLOADS_PATH.length + 1);
  return UPLOAD_ID_PATTERN.test(id) ? { id } : null;
}

export function createUploadsRouter(deps: {
  accounts: Pick<AccountsService, "getSessionUser">;
  uploads: UploadsService;
  datastore: UploadDatastore;
  locker: Locker;
  logger: Logger;
}): Router {
  const { accounts, uploads, datastore, locker, logger } = deps;
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    // Held in the database: one upload is written by one request at a time on any worker or instance.
    locker,
    lockDrainTimeout: UPLOAD_LOCK_TIMINGS.drainMs,
    relativeLocation: true,
    // Always on this site: never built from Host or X-Forwarded-* headers.
    generateUrl: (_req, { path, id }) => `${path}/${id}`,
    // Exactly the id whose owner was checked, never one read again from the URL.
    getFileIdFromRequest: (req) => checkedFor(req)?.uploadId,
    maxSize: uploads.limits.maxFileBytes,
    namingFunction: () => randomBytes(16).toString("hex"),
    async onUploadCreate(req, upload) {
      try {
        const request = checkedFor(req);
        await uploads.registerUpload({ id: upload.id, ownerId: request?.ownerId ?? "", size: upload.size });
        if (request) request.created = upload.id;
      } catch (error) {
        if (isAppError(error)) throw { status_code: error.status, body: error.message };
        throw error;
      }
      // Only the name is kept, and only as text; the client's idea of the type is dropped.
      return { metadata: { filename: (upload.metadata?.filename ?? "").slice(0, 255) } };
    },
    async onResponseError(req, error) {
      if (error === UPLOAD_LOCKED) req.runtime?.node?.res?.setHeader("Retry-After", "1");
      const unavailability = classifyUnavailable(error);
      if (unavailability) {
        // Not discarded now (that needs the store that failed): the seller's next upload or the
        // expiry sweep releases it.
        logger.warn({ err: error }, `upload answered 503: ${describeUnavailability(unavailability)}`);
        req.runtime?.node?.res?.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
        return { status_code: 503, body: UNAVAILABLE_SAVE_MESSAGE };
      }
      if (error instanceof Error) logger.error({ err: error }, "upload failed");
      // Registered, then refused (a body longer than its Upload-Length, a store that failed): the
      // client got no address for it, so it must not stay behind and count against the limit.
      const created = checkedFor(req)?.created;
      if (created) {
        await uploads
          .discardUploads([created])
          .catch((err: unknown) => logger.error({ err, uploadId: created }, "could not remove a refused upload"));
      }
      return undefined;
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    uploads.forgetUpload(id).catch((error: unknown) => logger.error({ err: error, uploadId: id }, "could not forget a canceled upload"));
  });

  const router = express.Router();
  router.use(UPLOADS_PATH, async (req, res, next) => {
    try {
      const address = parseUploadAddress(req.originalUrl);
      if (!address) return void res.status(400).type("text/plain").send(BAD_ADDRESS);
      if (req.method === "OPTIONS") return next();
      // Parallel uploads (tus's concatenation) are not offered: OPTIONS lists no "concatenation".
      // tus answers a request for them with a 501, a fault of ours, where the request is the client's.
      if (req.headers["upload-concat"] !== undefined) return void res.status(400).type("text/plain").send(NO_PARALLEL_UPLOADS);
      const user = await accounts.getSessionUser(fromNodeHeaders(req.headers), (cookie) => {
        if (!res.headersSent) res.append("Set-Cookie", cookie);
      });
      if (!user) return void res.status(401).type("text/plain").send(MESSAGES.mustLogin);
      const { id } = address;
      if (id) {
        // Someone else's upload (or none) looks the same: not found.
        if (!(await uploads.touchUpload({ id, ownerId: user.id }))) {
          return void res.status(404).type("text/plain").send("This upload was not found. Please add the photo again.");
        }
      } else if (req.method !== "POST") {
        return void res.status(405).type("text/plain").send("Please send a photo with the sell form.");
      }
      checked.set(req, { ownerId: user.id, uploadId: id });
      next();
    } catch (error) {
      next(error);
    }
  });
  router.all([UPLOADS_PATH, `${UPLOADS_PATH}/*id`], (req, res, next) => {
    uploadRequestsInFlight.inc();
    onFinished(res, () => uploadRequestsInFlight.dec());
    tus.handle(req, res).catch(next);
  });
  return router;
}
