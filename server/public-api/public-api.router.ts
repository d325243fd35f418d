/**
 * The public read API, `/api/v1` (issue 25, decision 032): JSON for apps and researchers,
 * anonymous and read-only. Mounted before the same-site check and React Router
 * (server/http/app.ts); it never reads a cookie (they are dropped on the way in), so an answer
 * is the same for everyone who asks the same thing in the same language.
 */
import { createHash } from "node:crypto";
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import { z } from "zod";
import { isAppError } from "../../core/shared/app-error";
import { CATEGORIES } from "../../core/catalogue/categories";
import { MAX_COUNTED_MATCHES } from "../../core/shared/constants";
import { isLanguage, languageFromAcceptLanguage, type Language } from "../../core/i18n/languages";
import { readGrade } from "../../core/catalogue/grades";
import { findDistrict, findState, districtName, stateName } from "../../core/locations";
import { STATES } from "../../core/locations/states";
import { nearestDistrict } from "../../core/locations/centres";
import { MANDI_RATE_SOURCE, MANDI_RATE_SOURCE_URL } from "../../core/prices/mandi-rate";
import { MSP_SEASONS } from "../../core/prices/msp";
import { produceById, produceName } from "../../core/catalogue/produce";
import { PRODUCE } from "../../core/catalogue/produce-list";
import { browseQuerySchema, type ListingSort } from "../../core/search/search-query";
import type { Logger } from "../logger";
import type { Services } from "../services";
import { classifyUnavailable, describeUnavailability } from "../unavailable";
import { deprecationMiddleware, V1_DEPRECATIONS, type ApiDeprecations } from "./deprecations";
import { openApiDocument } from "./openapi";
import { API_BASE, sendProblem } from "./problems";
import {
  DEFAULT_PAGE_LIMIT,
  langOnlyQuery,
  listingsQuery,
  MAX_PAGE_LIMIT,
  mandiRatesQuery,
  priceInsightQuery,
} from "./public-api.schemas";
import { countRequest, rateLimit } from "./rate-limit";
import { referencePage } from "./reference-page";
import { categoryView, listingDetailView, listingSummaryView, mandiRateView, money, priceInsightView, produceRef, sellerView, type ViewContext } from "./public-api.views";

export const ALLOWED_METHODS = "GET, HEAD";
/** Headers a browser script may read from a cross-origin answer. */
const EXPOSED_HEADERS = ["ETag", "Link", "RateLimit", "RateLimit-Policy", "Retry-After", "Content-Language", "Deprecation", "Sunset"].join(", ");

type ApiServices = Pick<Services, "search" | "listings" | "priceInsight" | "mandiRates" | "apiKeys" | "rateCounter" | "phoneReveals" | "config" | "logger">;

/** The optional API key's header. Never a query parameter: addresses end up in logs and histories. */
export const API_KEY_HEADER = "x-api-key";

/** The query string as sent, every value kept: a parameter given twice is refused, not guessed at. */
function rawQuery(req: Request): Map<string, string[]> {
  const params = new URL(req.originalUrl, "http://api.invalid").searchParams;
  const out = new Map<string, string[]>();
  for (const [key, value] of params) out.set(key, [...(out.get(key) ?? []), value]);
  return out;
}

/** Parses the query with `schema`, or answers 400 with what is wrong with each parameter (and returns undefined). */
function parseQuery<S extends z.ZodType>(req: Request, res: Response, schema: S): z.output<S> | undefined {
  const raw = rawQuery(req);
  const twice = [...raw].filter(([, values]) => values.length > 1).map(([key]) => key);
  if (twice.length) {
    sendProblem(res, "invalid-parameter", "Give each parameter once.", { instance: req.originalUrl, errors: twice.map((parameter) => ({ parameter, message: "Given more than once." })) });
    return undefined;
  }
  const result = schema.safeParse(Object.fromEntries([...raw].map(([key, [value]]) => [key, value])));
  if (result.success) return result.data;
  const errors = result.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((parameter) => ({ parameter, message: "Not a parameter of this operation." }))
      : [{ parameter: String(issue.path[0] ?? ""), message: issue.message }],
  );
  sendProblem(res, "invalid-parameter", "Some query parameters are not valid; see `errors`.", { instance: req.originalUrl, errors });
  return undefined;
}

function badParameter(req: Request, res: Response, parameter: string, message: string): undefined {
  sendProblem(res, "invalid-parameter", message, { instance: req.originalUrl, errors: [{ parameter, message }] });
  return undefined;
}

/** `?lang=` when given, else Accept-Language, else English. Never the `lang` cookie: the API reads no cookie. */
function languageOf(req: Request, asked: string | undefined): Language {
  return isLanguage(asked) ? asked : (languageFromAcceptLanguage(req.headers["accept-language"]) ?? "en");
}

/**
 * A weak ETag of the body, and 304 when the request's If-None-Match names it. Express's own check
 * (`req.fresh`) answers 200 to any request with `Cache-Control: no-cache`, which fetch() adds to
 * every request that sets If-None-Match itself; a conditional GET is the origin's to answer
 * whatever that header says (RFC 9110, 13.2.1).
 */
function sendWithETag(res: Response, json: string): void {
  const tag = `W/"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
  res.setHeader("ETag", tag);
  const asked = res.req.headers["if-none-match"];
  const named = (asked ?? "").split(",").map((entry) => entry.trim().replace(/^W\//, ""));
  if (asked && (named.includes("*") || named.includes(tag.slice(2)))) return void res.status(304).end();
  res.type("application/json").send(json);
}

/**
 * Opaque cursors: base64url JSON of where the last page ended. The id in one is only ever a
 * listing's UUID or a rate's base64url hash, and reaches the database as a parameter: anything
 * else (a NUL, which PostgreSQL refuses as text) is a cursor this API did not give.
 */
const cursorId = (max: number) => z.string().min(1).max(max).regex(/^[\w-]+$/);
const listingCursorSchema = z.union([
  z.strictObject({ s: z.enum(["newest", "oldest", "price-asc", "price-desc"]), c: z.int(), p: z.int(), i: cursorId(64) }),
  z.strictObject({ s: z.literal("near"), o: z.int().min(0).max(MAX_COUNTED_MATCHES) }),
]);
const rateCursorSchema = z.strictObject({ d: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), i: cursorId(128) });

const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
function decodeCursor<S extends z.ZodType>(text: string, schema: S): z.output<S> | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** This request's address with the cursor replaced (and a position, when one was sent, replaced by its district). */
function nextLink(origin: string, req: Request, cursor: string, replace: Record<string, string> = {}, drop: readonly string[] = []): string {
  const params = new URLSearchParams(new URL(req.originalUrl, "http://api.invalid").search);
  for (const key of ["cursor", ...drop]) params.delete(key);
  for (const [key, value] of Object.entries(replace)) params.set(key, value);
  params.set("cursor", cursor);
  return `${origin}${API_BASE}${req.path}?${params.toString()}`;
}

/** "2026-02-30" is not a day, though Date.parse rolls it over to March. */
const isCalendarDate = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
};

const pageLimit = (text: string | undefined) => (text ? Number(text) : DEFAULT_PAGE_LIMIT);

/** OpenAPI's `/listings/{id}` as Express writes it, `/listings/:id`. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** `deprecations`: what is deprecated (v1's own table unless a test gives another). */
export function createPublicApiRouter(services: ApiServices, options: { deprecations?: ApiDeprecations } = {}): express.Router {
  const { config, logger } = services;
  const origin = new URL(config.baseUrl).origin;
  const deprecations = options.deprecations ?? V1_DEPRECATIONS;
  const document = openApiDocument(origin, deprecations);
  const router = express.Router();
  const limits = config.apiRateLimits;
  const bulkPolicy = { name: "bulk", quota: limits.perMinute, keyQuota: limits.keyPerMinute, windowSeconds: 60 };
  const bulk = rateLimit(bulkPolicy, services.rateCounter);
  // One listing and a seller carry a phone number: a lower limit, so a loop cannot harvest them (decision 032).
  const contact = rateLimit({ name: "contact", quota: limits.contactPerMinute, keyQuota: limits.keyContactPerMinute, windowSeconds: 60 }, services.rateCounter);
  const context = (req: Request, asked: string | undefined): ViewContext => ({ lang: languageOf(req, asked), origin });
  // Without a key, a number given here also counts against the address's hourly ceiling of numbers
  // asked for one at a time, which the pages' "Show number" counts too (decision 046): the API is
  // not a wider door to the numbers than the pages. A key's account has its own limits above.
  const revealCeiling = config.phoneReveals.pressesPerHour;
  const countReveal: RequestHandler = (req, res, next) => {
    if ((res.locals as { apiAccountId?: string }).apiAccountId) return next();
    services.phoneReveals.countPress(req.ip ?? "").then((answer) => {
      if (answer.allowed) return next();
      sendProblem(res, "rate-limited", `At most ${revealCeiling} phone numbers an hour from one address without an API key. Please wait ${answer.retryAfterSeconds} s, or send a key.`, {
        instance: req.originalUrl,
        retryAfterSeconds: answer.retryAfterSeconds,
      });
    }, next);
  };

  router.use((req, res, next) => {
    // No answer may depend on a session: the cookies are gone before any handler runs.
    delete req.headers.cookie;
    delete req.headers.authorization;
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    res.vary("Accept-Language");
    if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
      // A browser's CORS preflight (If-None-Match and Accept-Language are not "simple" headers).
      res.setHeader("Access-Control-Allow-Methods", ALLOWED_METHODS);
      res.setHeader("Access-Control-Allow-Headers", "Accept, Accept-Language, If-None-Match, X-Api-Key");
      res.setHeader("Access-Control-Max-Age", "86400");
      res.setHeader("Allow", ALLOWED_METHODS);
      return void res.status(204).end();
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", ALLOWED_METHODS);
      return void sendProblem(res, "method-not-allowed", "This API only reads: use GET (or HEAD).", { instance: req.originalUrl });
    }
    next();
  });

  // An optional key raises the limits, counted per account; a key that is not (or no longer)
  // valid is refused, so its owner learns at once that it was revoked rather than meeting the lower
  // limit later. The refusal counts against the address's limit (decision 046): guessing keys is
  // limited as reading without one is.
  router.use((req, res, next) => {
    const key = req.headers[API_KEY_HEADER];
    if (key === undefined) return next();
    (typeof key === "string" ? services.apiKeys.check(key.trim()) : Promise.resolve(undefined))
      .then(async (found) => {
        if (found) {
          res.locals.apiAccountId = found.accountId;
          return next();
        }
        if (!(await countRequest(services.rateCounter, bulkPolicy, res, undefined))) return;
        sendProblem(res, "invalid-api-key", "This API key is not valid or was revoked. Make a new one on your account page, or send no key.", { instance: req.originalUrl });
      })
      .catch(next);
  });

  // Deprecation and Sunset on every answer of a deprecated operation (or one using a deprecated
  // parameter), before its rate limit, so a refused request learns it too.
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const announce = item.get?.operationId ? deprecationMiddleware(deprecations, item.get.operationId, origin + API_BASE) : undefined;
    if (announce) router.get(expressPath(path), announce);
  }

  /** Sends JSON in the request's language, with its ETag; 304 when If-None-Match names it. */
  const sendJson = (res: Response, lang: Language, body: unknown) => {
    res.setHeader("Content-Language", lang === "hi" ? "hi-IN" : "en-IN");
    sendWithETag(res, JSON.stringify(body));
  };

  const handle =
    (run: (req: Request, res: Response) => Promise<void> | void): RequestHandler =>
    (req, res, next) => {
      Promise.resolve(run(req, res)).catch(next);
    };

  router.get(
    "/listings",
    bulk,
    handle(async (req, res) => {
      const query = parseQuery(req, res, listingsQuery.refine((q) => pageLimit(q.limit) <= MAX_PAGE_LIMIT, { path: ["limit"], message: `At most ${MAX_PAGE_LIMIT}.` }));
      if (!query) return;
      const { cursor: cursorText, limit: limitText, lang, ...browse } = query;
      // The site's own reading of the same parameters (cleaning, places, prices), so both find the same.
      const read = browseQuerySchema.parse(browse);
      if (read.price.problem) return void badParameter(req, res, read.price.minPaise === undefined && browse.min ? "min" : "max", read.price.problem);
      const replace: Record<string, string> = {};
      let from = read.sort === "near" ? read.from || (read.state && read.district ? `${read.state}/${read.district}` : "") : "";
      if (read.lat !== undefined && read.lon !== undefined) {
        // "Near me": the position picks the nearest district, and is not repeated in the next link.
        const near = nearestDistrict({ lat: read.lat, lon: read.lon });
        from = `${near.state}/${near.district}`;
        Object.assign(replace, { sort: "near", from });
      }
      const sort: ListingSort = from ? "near" : read.sort;
      const cursor = cursorText ? decodeCursor(cursorText, listingCursorSchema) : undefined;
      if (cursorText && (!cursor || (cursor.s === "near") !== (sort === "near") || (cursor.s !== "near" && cursor.s !== (sort === "near" ? "newest" : sort)))) {
        return void badParameter(req, res, "cursor", "This cursor is not one this list gave (or was given for another order).");
      }
      const limit = pageLimit(limitText);
      const offset = cursor?.s === "near" ? cursor.o : 0;
      const page = await services.search.browseListingsAfter({
        ...read,
        page: 1,
        sort,
        from,
        limit,
        offset,
        after: cursor && cursor.s !== "near" ? { createdAt: cursor.c, pricePaise: cursor.p, id: cursor.i } : undefined,
      });
      const last = page.items.at(-1);
      const more = sort === "near" ? page.hasMore && offset + limit < MAX_COUNTED_MATCHES : page.hasMore;
      const next = more && last ? encodeCursor(sort === "near" ? { s: "near", o: offset + limit } : { s: sort, c: last.createdAt, p: last.pricePaise, i: last.id }) : null;
      // Appended: a deprecated operation's links may be there already.
      if (next) res.append("Link", `<${nextLink(origin, req, next, replace, ["lat", "lon"])}>; rel="next"`);
      const view = context(req, lang);
      sendJson(res, view.lang, {
        items: page.items.map((item) => listingSummaryView(item, view)),
        total: page.total,
        more_than_total: page.moreThanTotal,
        close_matches: page.closeMatches,
        next_cursor: next,
      });
    }),
  );

  router.get(
    "/listings/:id",
    contact,
    countReveal,
    handle(async (req, res) => {
      const query = parseQuery(req, res, langOnlyQuery);
      if (!query) return;
      const view = context(req, query.lang);
      const listing = await services.listings.getListing(String(req.params.id));
      sendJson(res, view.lang, listingDetailView(listing, view));
    }),
  );

  router.get(
    "/sellers/:id",
    contact,
    countReveal,
    handle(async (req, res) => {
      const query = parseQuery(req, res, langOnlyQuery);
      if (!query) return;
      const view = context(req, query.lang);
      const page = await services.search.getSellerPage({ id: String(req.params.id), page: 1 });
      sendJson(res, view.lang, sellerView(page, view));
    }),
  );

  router.get(
    "/categories",
    bulk,
    handle((req, res) => {
      const query = parseQuery(req, res, langOnlyQuery);
      if (!query) return;
      const lang = languageOf(req, query.lang);
      sendJson(res, lang, { items: CATEGORIES.map((category) => categoryView(category.slug, lang)) });
    }),
  );

  router.get(
    "/produce",
    bulk,
    handle((req, res) => {
      const query = parseQuery(req, res, langOnlyQuery);
      if (!query) return;
      const lang = languageOf(req, query.lang);
      sendJson(res, lang, {
        items: PRODUCE.map((produce) => ({ ...produceRef(produce, lang), name_en: produce.en, name_hi: produce.hi, category: produce.category, prices_url: `${origin}/prices/${produce.id}` })),
      });
    }),
  );

  const stateSummary = (state: (typeof STATES)[number], lang: Language) => ({
    slug: state.slug,
    name: stateName(state.slug, lang),
    name_en: state.name,
    name_hi: stateName(state.slug, "hi"),
    kind: state.kind,
    api_url: `${origin}${API_BASE}/states/${state.slug}`,
  });

  router.get(
    "/states",
    bulk,
    handle((req, res) => {
      const query = parseQuery(req, res, langOnlyQuery);
      if (!query) return;
      const lang = languageOf(req, query.lang);
      sendJson(res, lang, { items: STATES.map((state) => stateSummary(state, lang)) });
    }),
  );

  router.get(
    "/states/:state",
    bulk,
    handle((req, res) => {
      const query = parseQuery(req, res, langOnlyQuery);
      if (!query) return;
      const lang = languageOf(req, query.lang);
      const state = STATES.find((s) => s.slug === req.params.state);
      if (!state) return void sendProblem(res, "not-found", "There is no state with that slug; see /api/v1/states.", { instance: req.originalUrl });
      sendJson(res, lang, {
        ...stateSummary(state, lang),
        districts: state.districts.map((d) => ({ slug: d.slug, name: districtName(state.slug, d.slug, lang), name_en: d.name, name_hi: districtName(state.slug, d.slug, "hi") })),
      });
    }),
  );

  /** A produce, state and district from a query, strictly: an unknown one is a 400 here (a filter on the site would drop it). */
  function readPlaceAndProduce(req: Request, res: Response, query: { produce: string; state?: string; district?: string }) {
    const produce = produceById(query.produce);
    if (!produce) return badParameter(req, res, "produce", "No produce has this id; see /api/v1/produce.");
    const state = query.state ? findState(query.state) : undefined;
    if (query.state && !state) return badParameter(req, res, "state", "No state has this name; see /api/v1/states.");
    if (query.district && !state) return badParameter(req, res, "district", "A district needs its state.");
    const district = state && query.district ? findDistrict(state.slug, query.district) : undefined;
    if (query.district && !district) return badParameter(req, res, "district", "No district of this state has this name; see /api/v1/states/{state}.");
    return { produce, state: state?.slug, district: district?.slug };
  }

  router.get(
    "/price-insight",
    bulk,
    handle(async (req, res) => {
      const query = parseQuery(req, res, priceInsightQuery);
      if (!query) return;
      const found = readPlaceAndProduce(req, res, query);
      if (!found) return;
      const grade = query.grade ? readGrade(query.grade) : undefined;
      if (query.grade && !grade) return void badParameter(req, res, "grade", "Not a grade: use A, B, C or FAQ.");
      const view = context(req, query.lang);
      const insight = await services.priceInsight.insight({ produceId: found.produce.id, state: found.state ?? null, district: found.district ?? null, grade: grade ?? null });
      sendJson(res, view.lang, priceInsightView(found.produce, insight, view));
    }),
  );

  router.get(
    "/mandi-rates",
    bulk,
    handle(async (req, res) => {
      const query = parseQuery(req, res, mandiRatesQuery.refine((q) => pageLimit(q.limit) <= MAX_PAGE_LIMIT, { path: ["limit"], message: `At most ${MAX_PAGE_LIMIT}.` }));
      if (!query) return;
      const found = readPlaceAndProduce(req, res, query);
      if (!found) return;
      for (const key of ["from", "to"] as const) {
        const day = query[key];
        if (day && !isCalendarDate(day)) return void badParameter(req, res, key, "Not a date: use YYYY-MM-DD.");
      }
      if (query.from && query.to && query.from > query.to) return void badParameter(req, res, "from", "`from` is after `to`.");
      const cursor = query.cursor ? decodeCursor(query.cursor, rateCursorSchema) : undefined;
      if (query.cursor && !cursor) return void badParameter(req, res, "cursor", "This cursor is not one this list gave.");
      const limit = pageLimit(query.limit);
      const rows = await services.mandiRates.listRates({
        produceId: found.produce.id,
        state: found.state,
        district: found.district,
        market: query.market || undefined,
        fromDate: query.from,
        toDate: query.to,
        after: cursor ? { arrivalDate: cursor.d, id: cursor.i } : undefined,
        limit: limit + 1,
      });
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const next = rows.length > limit && last ? encodeCursor({ d: last.arrivalDate, i: last.id }) : null;
      if (next) res.append("Link", `<${nextLink(origin, req, next)}>; rel="next"`);
      const lang = languageOf(req, query.lang);
      sendJson(res, lang, { produce: produceRef(found.produce, lang), items: items.map(mandiRateView), next_cursor: next, source: { name: MANDI_RATE_SOURCE, url: MANDI_RATE_SOURCE_URL } });
    }),
  );

  router.get(
    "/msp",
    bulk,
    handle((req, res) => {
      const query = parseQuery(req, res, langOnlyQuery);
      if (!query) return;
      const lang = languageOf(req, query.lang);
      const seasons = [...MSP_SEASONS].sort((a, b) => b.from.localeCompare(a.from));
      sendJson(res, lang, {
        seasons: seasons.map((season) => ({
          name: season.name[lang],
          from: season.from,
          to: season.to,
          source: season.source,
          prices: season.prices.map((price) => {
            const produce = produceById(price.produce);
            return {
              produce_id: price.produce,
              produce: produce ? produceName(produce, lang) : price.produce,
              variety: price.variety ? price.variety[lang] : null,
              price: money(price.perQuintalPaise, "quintal"),
            };
          }),
        })),
      });
    }),
  );

  router.get(
    "/openapi.json",
    handle((req, res) => {
      if (!parseQuery(req, res, z.strictObject({}))) return;
      sendWithETag(res, JSON.stringify(document));
    }),
  );

  router.get(["/", "/docs"], (req, res) => {
    res.type("html").setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    res.send(referencePage(document));
  });

  router.use((req, res) => {
    sendProblem(res, "not-found", "There is nothing at this address; see /api/v1/openapi.json.", { instance: req.originalUrl });
  });

  router.use(apiErrors(logger));
  return router;
}

/** An error a person can act on keeps its status; the database not answering is a 503; anything else a 500. */
function apiErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    // Express could not decode a path parameter (a %-escape that is not UTF-8, "/sellers/%FF"): such an address names nothing.
    if (error instanceof URIError) {
      return void sendProblem(res, "not-found", "There is nothing at this address: part of it is not valid %-encoded UTF-8.", { instance: req.originalUrl });
    }
    if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "GONE")) {
      return void sendProblem(res, error.code === "GONE" ? "gone" : "not-found", error.message, { instance: req.originalUrl });
    }
    const unavailability = classifyUnavailable(error);
    if (unavailability) {
      logger.warn({ err: error, requestId: String(req.id) }, `answered 503: ${describeUnavailability(unavailability)}`);
      return void sendProblem(res, "unavailable", "Mandi cannot answer just now. Please try again in a little while.", { instance: req.originalUrl });
    }
    logger.error({ err: error, requestId: String(req.id) }, "public API error");
    sendProblem(res, "server-error", `Sorry, something went wrong on our side. (Reference: ${String(req.id)})`, { instance: req.originalUrl });
  };
}

