/**
 * The tus resumable-upload endpoint at /uploads, for signed-in people only. Each upload is
 * registered to whoever started it (with a per-person limit); only they may continue, read the
 * offset of, or cancel it. What a client puts in Upload-Metadata is untrusted: the file name is
 * kept as text only and the type is read from the bytes when the listing is made.
 */
import { randomBytes } from "node:crypto";
import { fromNodeHeaders } from "better-auth/node";
import { EVENTS, Server } from "@tus/server";
import express, { type Router } from "express";
import { isAppError } from "../../core/app-error";
import { MESSAGES } from "../../core/messages";
import { UPLOAD_ID_PATTERN } from "../../core/upload-task";
import type { AccountsService } from "../auth/accounts.service";
import { UNAVAILABLE_SAVE_MESSAGE } from "../http/unavailable";
import type { Logger } from "../logger";
import { classifyUnavailable, describeUnavailability, RETRY_AFTER_SECONDS } from "../unavailable";
import type { UploadDatastore } from "./tus-datastore";
import type { UploadsService } from "./uploads.service";

export const UPLOADS_PATH = "/uploads";
/** Who Express found signed in, by request, for tus's hooks (which see the Node request underneath). */
const owners = new WeakMap<object, string>();

export function createUploadsRouter(deps: {
  accounts: Pick<AccountsService, "getSessionUser">;
  uploads: UploadsService;
  datastore: UploadDatastore;
  logger: Logger;
}): Router {
  const { accounts, uploads, datastore, logger } = deps;
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    maxSize: uploads.limits.maxFileBytes,
    namingFunction: () => randomBytes(16).toString("hex"),
    async onUploadCreate(req, upload) {
      try {
        await uploads.registerUpload({ id: upload.id, ownerId: (req.runtime?.node?.req && owners.get(req.runtime.node.req)) ?? "", size: upload.size });
      } catch (error) {
        if (isAppError(error)) throw { status_code: error.status, body: error.message };
        throw error;
      }
      // Only the name is kept, and only as text; the client's idea of the type is dropped.
      return { metadata: { filename: (upload.metadata?.filename ?? "").slice(0, 255) } };
    },
    onResponseError(req, error) {
      const unavailability = classifyUnavailable(error);
      if (unavailability) {
        logger.warn({ err: error }, `upload answered 503: ${describeUnavailability(unavailability)}`);
        req.runtime?.node?.res?.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
        return { status_code: 503, body: UNAVAILABLE_SAVE_MESSAGE };
      }
      if (error instanceof Error) logger.error({ err: error }, "upload failed");
      return undefined;
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    uploads.forgetUpload(id).catch((error: unknown) => logger.error({ err: error, uploadId: id }, "could not forget a canceled upload"));
  });

  const router = express.Router();
  router.use(UPLOADS_PATH, async (req, res, next) => {
    try {
      if (req.method === "OPTIONS") return next();
      const user = await accounts.getSessionUser(fromNodeHeaders(req.headers), (cookie) => {
        if (!res.headersSent) res.append("Set-Cookie", cookie);
      });
      if (!user) return void res.status(401).type("text/plain").send(MESSAGES.mustLogin);
      const id = req.path.replace(/^\//, "");
      if (id) {
        // Someone else's upload (or none) looks the same: not found.
        if (!UPLOAD_ID_PATTERN.test(id) || !(await uploads.isOwner({ id, ownerId: user.id }))) {
          return void res.status(404).type("text/plain").send("This upload was not found. Please add the photo again.");
        }
      } else if (req.method !== "POST") {
        return void res.status(405).type("text/plain").send("Please send a photo with the sell form.");
      }
      owners.set(req, user.id);
      next();
    } catch (error) {
      next(error);
    }
  });
  router.all([UPLOADS_PATH, `${UPLOADS_PATH}/*id`], (req, res, next) => {
    tus.handle(req, res).catch(next);
  });
  return router;
}
