/**
 * The Express app: load shedding's first look (decision 038; in the server's own request listener
 * when `createHttpServer` runs it, before Express) → security headers and compression → request log → the same-site check →
 * better-auth (before any body parser, as its docs require) → tus uploads → photos → static
 * assets → the React Router handler.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { fromNodeHeaders, toNodeHandler } from "better-auth/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { SessionUser } from "../auth/accounts.service";
import { CLIENT_IP_HEADER, REQUEST_ORIGIN_HEADER } from "../auth/auth";
import type { Services } from "../services";
import { cacheControl, noteWhoIsSignedIn } from "./cache-control";
import { serveMessages } from "./messages";
import { keepSharedLinkLanguage, linkLanguageAlternates, rememberRequestLanguage } from "./request-language";
import { admitPage, createPageLimiter, isFileName, shedAtFront, shedBeforeExpress, shedReads } from "./load-shedding";
import { pageCacheMayAnswer, serveFromPageCache } from "./page-cache";
import { gatePhoneReveals, phoneRevealLocals } from "./phone-reveal-gate";
import { createPageCache } from "../page-cache/page-cache";
import { createWorkInHand, type WorkInHand } from "./work-in-hand";
import { readiness } from "./readiness";
import { loggedUrl } from "./logged-url";
import { refuseUnanswerableRequests } from "./request-target";
import { rejectCrossSiteRequests, requestOrigin } from "./same-site";
import { serveMedia } from "./serve-media";
import { serveShareCard } from "../share/serve-share-card";
import { unsubscribeRouter } from "../alerts/delivery/unsubscribe-route";
import { verifyEmailRouter } from "../mail/verify-email-route";
import { serveWebManifests } from "./web-manifest";
import { answerUnavailable, sendUnavailableNow, turnRouteFailuresInto503 } from "./unavailable";
import { createUploadsRouter } from "../uploads/tus-server";
import { routeContextOf } from "./load-context";
import { recordRequestMetrics } from "./request-metrics";
import { routeTemplates } from "../metrics/route-template";
import { loggedError } from "../logger";
import type { ApiDeprecations } from "../public-api/deprecations";
import { createPublicApiRouter } from "../public-api/public-api.router";

export interface HttpAppOptions {
  services: Services;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client in production; absent in development, where Vite serves assets. */
  clientDir?: string;
  /** Vite's dev middleware, in development only. */
  devMiddleware?: RequestHandler;
  /** What of /api/v1 is deprecated: v1's own table (public-api/deprecations.ts) unless a test gives one. */
  apiDeprecations?: ApiDeprecations;
  /** What a stopping server waits for (work-in-hand.ts): startServer's own, so its shutdown can wait; a fresh one otherwise. */
  work?: WorkInHand;
}

/** The Express app alone (tests that speak HTTP to it, and the server below). */
export function createHttpApp(options: HttpAppOptions): express.Express {
  return buildHttpApp(options).app;
}

/**
 * The HTTP server `npm start` runs (each cluster worker, or the single process): the app behind a
 * request listener that makes load shedding's decision before Express sees the request
 * (decision 038), so a 503 under overload costs no Express set-up.
 */
export function createHttpServer(options: HttpAppOptions): Server {
  const { app, front, pageLimiter, work } = buildHttpApp(options);
  const server = createServer((req, res) => {
    // Counted from here until its work has ended, for a shutdown to wait for (work-in-hand.ts).
    if (work.take(req, res)) return front(req, res, () => app(req, res));
    // Stopping: a request that came on a connection still open starts nothing; the same 503 as
    // load shedding's, and the connection is closed after it.
    res.shouldKeepAlive = false;
    sendUnavailableNow(req, res);
  });
  // Connections arriving hold the next page back a turn: Node accepts one per turn of the loop.
  server.on("connection", () => pageLimiter.noteConnection());
  return server;
}

function buildHttpApp({ services, build, clientDir, devMiddleware, apiDeprecations, work = createWorkInHand() }: HttpAppOptions) {
  const { logger, config } = services;
  // A handler that may go on after its client has gone is counted until it ends (work-in-hand.ts),
  // and is not started at all when the server is stopping and nobody waits for its answer. Its
  // promise still goes back to Express, which sends a failure on to the error handlers (a 503).
  const held =
    (handler: (req: express.Request, res: express.Response, next: express.NextFunction) => Promise<unknown>): RequestHandler =>
    (req, res, next) => {
      if (!work.mayStart(res)) return;
      return work.hold(handler(req, res, next)).then(() => undefined);
    };
  const app = express();
  app.disable("x-powered-by");
  // Behind a load balancer, its X-Forwarded-* headers give the client's address (rate limits)
  // and the public scheme and host (React Router's same-origin check on form posts).
  app.set("trust proxy", config.trustProxy);

  const { ttlMs, maxBytes } = config.pageCache;
  const cache = ttlMs && maxBytes ? createPageCache({ ttlMs, maxBytes }) : null;
  // First of all: a page the server has no room for is turned away before any other work (decision 038).
  const pageLimiter = createPageLimiter(config.pageConcurrency);
  const mayBeCached = cache ? pageCacheMayAnswer(cache) : undefined;
  // In the server's listener when there is one (createHttpServer); here, for the app on its own.
  const front = shedBeforeExpress(pageLimiter, config.pageConcurrency, mayBeCached);
  app.use(shedAtFront(pageLimiter, config.pageConcurrency, mayBeCached));

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as express.Response).locals.cspNonce}'`;
  app.use(
    helmet({
      contentSecurityPolicy: devMiddleware
        ? false
        : {
            // Styles come only from our own CSS file (Tailwind) or a nonce'd <style>; no page
            // has a style="" attribute, and React sets styles through the CSSOM, which CSP
            // allows. tests/e2e/csp.spec.ts checks that no page reports a violation.
            directives: {
              "script-src": ["'self'", nonce, "'strict-dynamic'"],
              "style-src": ["'self'", nonce],
              "style-src-attr": ["'none'"],
              "font-src": ["'self'"],
              "img-src": ["'self'", "data:", "blob:"],
              "connect-src": ["'self'"],
              "upgrade-insecure-requests": config.baseUrl.startsWith("https:") ? [] : null,
            },
          },
      strictTransportSecurity: config.baseUrl.startsWith("https:"),
      // Not helmet's "no-referrer": under it browsers send `Origin: null` with a plain form post,
      // and React Router then refuses the action (forms must work without JavaScript).
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use(recordRequestMetrics(routeTemplates(build), { metrics: config.metrics !== null }));
  app.use(compression());
  // Cache-Control for every response below, decided in one place.
  app.use(cacheControl({ sharedSeconds: config.sharedCacheSeconds }));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers["x-request-id"];
        const id = typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: {
        // Upload chunks are many and small; the listing they become is logged.
        ignore: (req) => Boolean(req.url?.startsWith("/assets/") || req.url?.startsWith("/media/") || req.url?.startsWith("/uploads")),
      },
      // One short line per request: no headers (they carry cookies).
      serializers: {
        // A "Near me" position is never kept, not even in the log (decision 024), nor a link's token.
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggedUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        // The request log's errors keep what the app's log keeps (server/logger.ts).
        err: (error: unknown) => loggedError(error),
      },
    }),
  );

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", readiness(services));

  // The public read API (decision 032): anonymous, read-only JSON that reads no cookie, so it
  // needs neither the same-site check (it changes nothing) nor React Router.
  app.use("/api/v1", createPublicApiRouter(services, { deprecations: apiDeprecations }));
  // Everything below may be handed to a library that builds a WHATWG Request: a method it
  // refuses gets a 405 here, and a Host that names no site a 400, rather than the 500 its
  // TypeError became. (/healthz and /api/v1 above answer a request with no Host, as before.)
  app.use(refuseUnanswerableRequests);

  // better-auth sees a plain Request; hand it the client address Express resolved (any value a
  // client sent under these names is overwritten) so rate limits count per person, and the
  // request's own origin, so its origin check trusts what ours does.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    req.headers[REQUEST_ORIGIN_HEADER] = requestOrigin(req) ?? "";
    next();
  });
  // One-tap unsubscribe from alert email (RFC 8058, decision 026): a mail provider's POST has no
  // cookie and its own origin; the signed token in the address is the credential, so it comes
  // before the same-site check, which guards what a session may do.
  app.use(unsubscribeRouter(services.unsubscribe));
  // Before every route that changes anything: pages, /api/auth/* and /uploads alike.
  app.use(rejectCrossSiteRequests(config.baseUrl));
  // Where the link that confirms an address lands (decision 045): its button is a same-site form.
  app.use(verifyEmailRouter(services.accounts));
  const authHandler = toNodeHandler(services.auth);
  app.all(
    "/api/auth/*splat",
    held((req, res) => authHandler(req, res)),
  );
  // tus reads its own request bodies, so it too comes before anything that parses one.
  app.use(
    createUploadsRouter({
      accounts: services.accounts,
      uploads: services.uploads,
      datastore: services.uploadDatastore,
      locker: services.uploadLocker,
      logger,
    }),
  );

  app.get("/media/*key", serveMedia(services.storage));
  // Listing preview cards for WhatsApp and Facebook (decision 023).
  // Their own line, shed like pages (a card not yet made is a render): a flood of them is
  // answered 503 at once and neither takes a page's place nor starves a sign-in (issue 38).
  app.get(
    "/share/listing/:id/:file",
    shedReads(createPageLimiter(config.pageConcurrency), config.pageConcurrency),
    serveShareCard(services.shareCards),
  );
  // The installable app's manifests, English and Hindi (decision 016).
  app.use(serveWebManifests());
  // Each language's catalogue, as the browser fetches it before hydrating (decision 015).
  app.get("/i18n/*file", serveMessages);

  if (devMiddleware) {
    app.use(devMiddleware);
  } else if (clientDir) {
    // No source map is in clientDir: the build writes none (vite.config.ts).
    // The build wrote each script and stylesheet compressed (scripts/vite-precompress.ts): the copy
    // the browser accepts is sent as it is, and `compression` above leaves an encoded answer alone.
    const assets = expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false },
    });
    // It sets Content-Encoding before it looks at the method, so any other method goes on without
    // it; and the compressed copies are not files of their own.
    const sendable = (req: express.Request) =>
      (req.method === "GET" || req.method === "HEAD") && !/\.(br|gz)$/i.test(decodedPath(req.path));
    app.use("/assets", (req, res, next) => (sendable(req) ? assets(req, res, next) : next()));
    // Only file names are looked for: a page's path would cost every render a stat of the disk.
    // And only at the top of the folder (the worker, the icons): /assets, with the compressed
    // copies beside its files, is served above and nowhere else, by no spelling of its path.
    const files = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (isFileName(req.path) && /^\/[^/\\]+$/.test(decodedPath(req.path)) ? files(req, res, next) : next()));
  }

  const routeContext = routeContextOf(services);
  // Before the render limit: a page already rendered costs next to nothing to send.
  const pageCache = cache ? [serveFromPageCache({ cache, contentVersion: services.contentVersion })] : [];
  app.all(
    "*splat",
    // Before the cache: a page with a phone number counts however it is served (decision 046).
    gatePhoneReveals(services.phoneReveals),
    // Before the cache: a page served from it sets the shared link's language for the visit too.
    keepSharedLinkLanguage,
    linkLanguageAlternates,
    ...pageCache,
    admitPage(pageLimiter, config.pageConcurrency),
    rememberRequestLanguage,
    held(
      createRequestHandler({
        build,
        mode: config.env === "development" ? "development" : "production",
        getLoadContext: (req, res): AppLoadContext => {
          let user: Promise<SessionUser | null> | undefined;
          const context: AppLoadContext = {
            ...routeContext,
            cspNonce: res.locals.cspNonce as string,
            requestId: String(req.id),
            clientAddress: req.ip ?? "",
            phoneShown: phoneRevealLocals(res).phoneShown === true,
            nextTurn: pageLimiter.nextTurn,
            // React Router's data requests end in ".data" (`/_root.data` for the home page).
            rendersDocument: !req.path.endsWith(".data"),
            holdWork: work.hold,
            currentUser: () =>
              (user ??= services.accounts
                .getSessionUser(fromNodeHeaders(req.headers), (cookie) => {
                  // React Router appends its own headers after these, so the renewed cookie survives.
                  if (!res.headersSent) res.append("Set-Cookie", cookie);
                })
                .then((found) => {
                  // Whose page this is, for what a phone may keep offline (decision 016).
                  noteWhoIsSignedIn(res, found !== null);
                  return found;
                })),
          };
          turnRouteFailuresInto503(res, context);
          return context;
        },
      }),
    ),
  );

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    if (res.headersSent) return void res.end();
    // A request Express itself refused (a malformed %-escape in the path, say) is the client's.
    const status = error instanceof URIError ? 400 : Number((error as { status?: unknown }).status);
    if (status >= 400 && status < 500) {
      return void res.status(status).type("text/plain").send("That address is not valid. Please check it and try again.");
    }
    req.log.error({ err: error }, "unhandled error");
    res
      .status(500)
      .type("text/plain")
      .send(`Sorry, something went wrong on our side. Please try again. (Reference: ${String(req.id)})`);
  };
  app.use(answerUnavailable);
  app.use(onError);
  return { app, front, pageLimiter, work };
}

/** A path with its %-escapes decoded, or as it came when they are malformed (the handler then refuses it). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
