/**
 * GET /media/<key>: photos streamed from storage through the app, whichever driver holds them
 * (docs/decisions/005: same origin for the CSP, one code path, cacheable by any CDN in front).
 */
import { pipeline } from "node:stream/promises";
import type { RequestHandler } from "express";
import { IMMUTABLE_CACHE_CONTROL, isValidStorageKey, type Storage } from "../media/storage";

export function serveMedia(storage: Storage): RequestHandler {
  return async (req, res, next) => {
    const key = (req.params as { key: string[] }).key.join("/");
    if (!isValidStorageKey(key)) return void res.status(404).type("text/plain").send("Not found");
    try {
      const object = await storage.get(key);
      // The visitor left while the photo was looked up (a closed tab, a lost signal): nobody to answer.
      if (res.destroyed) return void object?.body.destroy();
      if (!object) return void res.status(404).type("text/plain").send("Not found");
      res.setHeader("Cache-Control", IMMUTABLE_CACHE_CONTROL);
      if (object.etag) res.setHeader("ETag", object.etag);
      if (object.lastModified) res.setHeader("Last-Modified", object.lastModified.toUTCString());
      // A cache revalidating (If-None-Match / If-Modified-Since) or a HEAD needs no bytes: close
      // the file or the S3 response rather than read it.
      if (req.fresh) {
        object.body.destroy();
        return void res.status(304).end();
      }
      res.setHeader("Content-Type", object.contentType);
      res.setHeader("Content-Length", String(object.size));
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (req.method === "HEAD") {
        object.body.destroy();
        return void res.end();
      }
      await pipeline(object.body, res);
    } catch (error) {
      // They left mid-photo: not a fault of ours (pipeline has closed the file or S3 response).
      if ((error as { code?: unknown }).code === "ERR_STREAM_PREMATURE_CLOSE" && res.destroyed) return;
      next(error);
    }
  };
}
