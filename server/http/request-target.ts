/**
 * Requests no handler can answer, refused before one tries. React Router's Express adapter and
 * better-auth's Node handler each turn the request into a WHATWG `Request`, which throws on a
 * method it forbids; the error went on to Express's error handler as a 500.
 */
import type { RequestHandler } from "express";

/**
 * Methods `new Request` refuses that Node lets through: of the other two, Node's parser answers
 * TRACK with a 400 itself, and closes a CONNECT's connection (no "connect" listener).
 */
const FORBIDDEN_METHODS = new Set(["TRACE"]);

/** What the site's addresses accept (the public API says its own). */
const ALLOWED = "GET, HEAD, POST";

export const refuseUnanswerableRequests: RequestHandler = (req, res, next) => {
  if (FORBIDDEN_METHODS.has(req.method)) {
    res.setHeader("Allow", ALLOWED);
    return void res.status(405).type("text/plain").send("This address does not accept that kind of request. Please open it in a browser.");
  }
  next();
};
