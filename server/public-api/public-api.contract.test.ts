/**
 * The public API's contract (issue 25): every operation the OpenAPI document names is called over
 * real HTTP with valid, boundary and hostile parameters generated from its own parameter schemas
 * (fast-check): Devanagari, invisible characters, huge values, duplicated and unknown parameters.
 * Every answer's status must be one the document declares for it, its body must validate against
 * the declared schema (Ajv, JSON Schema 2020-12, over the document itself), and nothing may be a
 * 5xx. Each operation's example must match its schema and a live answer's shape, so a response
 * changed without its schema (or its example) fails here. Every answer of a deprecated operation
 * (or to a request using a deprecated parameter) must carry Deprecation, Sunset and their links,
 * and no other answer may; v1 deprecates nothing yet, so the walk also runs once with a table of
 * this test's own (an operation with a path parameter, one without, and a parameter).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApiMarket, stopApiMarket, type ApiMarket } from "../../tests/support/public-api";
import { testEngines, type TestEngine } from "../../tests/support/test-database";
import type { TestHttpApp } from "../../tests/support/test-http-app";
import type { TestServices } from "../../tests/support/test-services";
import { V1_DEPRECATIONS, type ApiDeprecations } from "./deprecations";
import { openApiDocument } from "./openapi";

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface ParameterSchema {
  type?: string;
  enum?: string[];
  pattern?: string;
  maxLength?: number;
  example?: string;
}
interface Parameter {
  name: string;
  in: "query" | "path";
  required?: boolean;
  deprecated?: boolean;
  schema: ParameterSchema;
}
interface Operation {
  operationId: string;
  deprecated?: boolean;
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }>;
}

const DOC_ID = "https://mandi.example/api/v1/openapi.json";
const RUNS_PER_OPERATION = 60;

/** Deprecations for the walk's extra run: as v1's own table would be written (deprecations.ts). */
const TEST_DEPRECATIONS: ApiDeprecations = {
  operations: {
    getListing: { since: "2026-11-01", sunset: "2027-05-01", replacement: "/listings" },
    getMspTable: { since: "2026-11-01", sunset: "2027-05-01", replacement: "/price-insight" },
  },
  parameters: { listMandiRates: { market: { since: "2026-11-01", sunset: "2027-06-01", replacement: "/mandi-rates" } } },
};
/** Each engine with v1's own table; SQLite once more with the test's table, fewer requests each. */
const RUNS: Array<[TestEngine, string, ApiDeprecations, number]> = [
  ...testEngines().map((engine): [TestEngine, string, ApiDeprecations, number] => [
    engine,
    "v1's deprecations",
    V1_DEPRECATIONS,
    RUNS_PER_OPERATION,
  ]),
  ["sqlite", "a test's deprecations", TEST_DEPRECATIONS, 20],
];

/** Values that mean something to Mandi, so generated requests also reach the answers past validation. */
function meaningful(market: ApiMarket): Record<string, string[]> {
  return {
    q: ["onion", "प्याज", "onion nashik", "kanda", "oinon", "tomato"],
    category: ["vegetables", "Vegetable", "sabzi", "Cars"],
    state: ["maharashtra", "Maharashtra", "महाराष्ट्र", "karnataka", "atlantis"],
    district: ["nashik", "Nashik", "नासिक", "kolar", "mumbai"],
    min: ["10", "12.50", "0", "-5", "abc", "1000001"],
    max: ["25", "30", "99999999"],
    grade: ["A", "faq", "Grade B", "Z"],
    from: ["maharashtra/nashik", "karnataka/kolar", "nowhere/none", "2026-11-01", "2026-02-30"],
    to: ["2026-11-30", "2026-13-01"],
    lat: ["19.99", "0", "90", "-999"],
    lon: ["73.78", "200"],
    produce: ["onion", "tomato", "rice", "unicorn"],
    market: ["Lasalgaon", "lasalgaon", "Pimpalgaon"],
    id: [...market.onionIds.slice(0, 2), market.tomatoId, market.sellers[0]!.id, "00000000-0000-4000-8000-000000000000"],
    state_path: ["maharashtra", "delhi", "atlantis"],
    cursor: [
      "eyJzIjoibmV3ZXN0IiwiYyI6MCwicCI6MCwiaSI6IiJ9",
      "eyJzIjoibmVhciIsIm8iOjh9",
      "eyJkIjoiMjAyNi0xMS0wMSIsImkiOiIifQ",
      "bm90IGpzb24",
    ],
  };
}

const HOSTILE = [
  "",
  " ",
  "\u200b",
  "\u200d\u200c\u2060",
  "\ufeff",
  "\u202eevil",
  "\u0000",
  "%00",
  "%",
  "' OR 1=1 --",
  '"; drop table listing; --',
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "9".repeat(400),
  "1e309",
  "-0",
  "NaN",
  "Infinity",
  "a".repeat(2_000),
  "नासिक".repeat(60),
  "🧅".repeat(50),
];

type Mode = "valid" | "boundary" | "hostile";

/** Values for one parameter: ones Mandi understands, the edges of its schema, or hostile text. */
function valueArbitrary(parameter: Parameter, known: Record<string, string[]>, mode: Mode): fc.Arbitrary<string> {
  const { schema } = parameter;
  const key = parameter.in === "path" && parameter.name === "state" ? "state_path" : parameter.name;
  const valid: Array<fc.Arbitrary<string>> = [];
  if (known[key]) valid.push(fc.constantFrom(...known[key]!));
  if (schema.enum) valid.push(fc.constantFrom(...schema.enum));
  if (key === "limit") valid.push(fc.integer({ min: 1, max: 50 }).map(String));
  else if (schema.pattern && !known[key]) valid.push(fc.stringMatching(new RegExp(schema.pattern), { size: "xsmall" }));
  if (!valid.length) valid.push(fc.string({ unit: "grapheme", maxLength: Math.floor((schema.maxLength ?? 40) / 4) }));
  if (mode === "valid") return fc.oneof(...valid);
  if (mode === "boundary") {
    const edges = [""];
    if (schema.maxLength) edges.push("x".repeat(schema.maxLength), "x".repeat(schema.maxLength + 1), "न".repeat(schema.maxLength));
    if (key === "limit") edges.push("1", "50", "51", "0", "999");
    return fc.oneof(fc.constantFrom(...edges), ...valid);
  }
  return fc.oneof(
    fc.constantFrom(...HOSTILE),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 120 }),
    ...valid,
  );
}

/**
 * A request: some of the operation's parameters (required ones always). Valid requests use values
 * Mandi understands; boundary ones the edges of each schema; hostile ones anything, and may give a
 * parameter twice or one the operation does not know.
 */
function requestArbitrary(path: string, operation: Operation, known: Record<string, string[]>) {
  const parameters = operation.parameters ?? [];
  const query = parameters.filter((p) => p.in === "query");
  const pathParameters = parameters.filter((p) => p.in === "path");
  const forMode = (mode: Mode) =>
    fc.record({
      path: fc
        .tuple(...pathParameters.map((p) => valueArbitrary(p, known, mode)))
        .map((values) => pathParameters.reduce((built, p, i) => built.replace(`{${p.name}}`, encodeURIComponent(values[i]!)), path)),
      query: fc.tuple(
        ...query.map((p) =>
          p.required
            ? valueArbitrary(p, known, mode).map((v) => [v])
            : fc.option(valueArbitrary(p, known, mode), { nil: undefined, freq: 2 }).map((v) => (v === undefined ? [] : [v])),
        ),
      ),
      duplicate: mode === "hostile" ? fc.option(fc.constantFrom(...query.map((p) => p.name), "q"), { freq: 3 }) : fc.constant(null),
      unknown:
        mode === "hostile"
          ? fc.option(fc.constantFrom("page", "callback", "__proto__", "constructor", "api_key", "प्याज"), { freq: 3 })
          : fc.constant(null),
      language: fc.constantFrom(undefined, "hi", "hi-IN,hi;q=0.9", "en", "*", "xx;q=bad"),
      ifNoneMatch: fc.constantFrom(undefined, undefined, "*", 'W/"x"', '"x", W/"y"'),
    });
  return fc
    .oneof(
      { weight: 3, arbitrary: forMode("valid") },
      { weight: 1, arbitrary: forMode("boundary") },
      { weight: 2, arbitrary: forMode("hostile") },
    )
    .map(({ path: built, query: values, duplicate, unknown, language, ifNoneMatch }) => {
      const params = new URLSearchParams();
      query.forEach((p, i) => values[i]!.forEach((value) => params.append(p.name, value)));
      if (duplicate) params.append(duplicate, params.get(duplicate) ?? "x");
      if (unknown) params.append(unknown, "1");
      const search = params.toString();
      const headers: Record<string, string> = {};
      if (language) headers["Accept-Language"] = language;
      if (ifNoneMatch) headers["If-None-Match"] = ifNoneMatch;
      return { url: `${built}${search ? `?${search}` : ""}`, headers };
    });
}

/** The keys of a value, recursively (arrays by their first item): what "shape" means for an example. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  return value === null ? "null" : typeof value;
}

/** Two shapes agree where both say something: null, empty lists and optional keys may differ in data. */
function shapesDiffer(example: unknown, live: unknown, at = ""): string[] {
  if (example === "null" || live === "null") return [];
  if (Array.isArray(example) && Array.isArray(live))
    return example.length && live.length ? shapesDiffer(example[0], live[0], `${at}[0]`) : [];
  if (example && live && typeof example === "object" && typeof live === "object") {
    const a = example as Record<string, unknown>;
    const b = live as Record<string, unknown>;
    const optional = new Set(["distance_km"]);
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((key) =>
      !(key in a) || !(key in b) ? (optional.has(key) ? [] : [`${at}.${key}`]) : shapesDiffer(a[key], b[key], `${at}.${key}`),
    );
  }
  return example === live ? [] : [`${at}: ${String(example)} vs ${String(live)}`];
}

describe.each(RUNS)("the public API's contract on %s, %s", (engine, _label, deprecations, runsPerOperation) => {
  let t: TestServices;
  let http: TestHttpApp;
  let market: ApiMarket;
  const document = openApiDocument("https://mandi.example", deprecations) as unknown as {
    paths: Record<string, { get: Operation }>;
    components: unknown;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOC_ID });
  const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
  const validatorFor = (path: string, status: string, mediaType: string) =>
    ajv.getSchema(`${DOC_ID}#/${pointer("paths", path, "get", "responses", status, "content", mediaType, "schema")}`) ??
    ajv.compile({ $ref: `${DOC_ID}#/${pointer("paths", path, "get", "responses", status, "content", mediaType, "schema")}` });

  // A fresh database and a dozen listings with real photos: slow on a busy 2-core machine.
  beforeAll(async () => void ({ t, market, http } = await serveApiMarket(engine, { apiDeprecations: deprecations })), 60_000);
  afterAll(() => stopApiMarket({ t, http }));

  /** Calls the API and checks the answer against the document; returns the status and body. */
  async function callAndCheck(path: string, operation: Operation, request: { url: string; headers: Record<string, string> }) {
    const res = await fetch(`${http.url}/api/v1${request.url}`, { headers: request.headers });
    const text = await res.text();
    const where = `${operation.operationId} ${request.url.slice(0, 300)} → ${res.status}: ${text.slice(0, 300)}`;
    expect(res.status, where).toBeLessThan(500);
    checkDeprecationHeaders(path, operation, request.url, res, where);
    const declared = operation.responses[String(res.status)];
    expect(declared, `undeclared status: ${where}`).toBeDefined();
    if (res.status === 304) return { status: 304, body: undefined };
    const mediaType = (res.headers.get("content-type") ?? "").split(";")[0]!;
    expect(Object.keys(declared!.content ?? {}), where).toContain(mediaType);
    const body: unknown = JSON.parse(text);
    const validate = validatorFor(path, String(res.status), mediaType);
    const valid = validate(body);
    expect(valid, `${where}\n${JSON.stringify(validate.errors?.slice(0, 5))}`).toBe(true);
    return { status: res.status, body };
  }

  /**
   * A deprecated operation's answers, and answers to requests using a deprecated parameter, carry
   * Deprecation (RFC 9745), Sunset (RFC 8594) and Links to the notice; no other answer does. A
   * request whose path parameter came out empty is another operation's (`/states/` is `/states`).
   */
  function checkDeprecationHeaders(path: string, operation: Operation, url: string, res: Response, where: string) {
    const asked = new URL(url, "http://api.invalid");
    if (!new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`).test(asked.pathname)) return;
    const usesDeprecated = (operation.parameters ?? []).some((p) => p.deprecated && p.in === "query" && asked.searchParams.has(p.name));
    if (operation.deprecated || usesDeprecated) {
      expect(res.headers.get("deprecation"), where).toMatch(/^@\d+$/);
      expect(Date.parse(res.headers.get("sunset") ?? ""), where).toBeGreaterThan(Number(res.headers.get("deprecation")!.slice(1)) * 1000);
      expect(res.headers.get("link"), where).toMatch(/rel="deprecation".*rel="sunset".*rel="successor-version"/);
      deprecatedAnswers++;
    } else {
      expect(res.headers.get("deprecation"), where).toBeNull();
      expect(res.headers.get("sunset"), where).toBeNull();
    }
  }
  let deprecatedAnswers = 0;

  it("answers every operation's generated requests with a declared status and a body that matches its schema, never a 5xx", async () => {
    const known = meaningful(market);
    const started = performance.now();
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const [path, item] of Object.entries(document.paths)) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(path, item.get, known), async (request) => {
          requests++;
          const { status } = await callAndCheck(path, item.get, request);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
        { numRuns: runsPerOperation, seed: 2025 },
      );
    }
    const seconds = (performance.now() - started) / 1000;
    // The contract's own cost, in the test log (decision 032 records it).
    console.info(
      `public API contract on ${engine}: ${requests} requests in ${seconds.toFixed(1)} s, by status ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // Generated requests must also get past validation, or the answers' schemas go untested.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(requests / 10);
    // The table's operations were walked, so their headers were checked.
    if (deprecations !== V1_DEPRECATIONS) expect(deprecatedAnswers).toBeGreaterThan(2 * runsPerOperation);
  }, 120_000);

  it("has an example for every operation that matches its schema and a live answer's shape", async () => {
    const live: Record<string, string> = {
      listListings: "/listings?q=onion&limit=2",
      getListing: `/listings/${market.onionIds[0]}`,
      getSeller: `/sellers/${market.sellers[0]!.id}`,
      listCategories: "/categories",
      listProduce: "/produce",
      listStates: "/states",
      getState: "/states/maharashtra",
      getPriceInsight: "/price-insight?produce=onion&state=maharashtra&district=nashik",
      listMandiRates: "/mandi-rates?produce=onion&limit=1",
      getMspTable: "/msp",
    };
    for (const [path, item] of Object.entries(document.paths)) {
      const operation = item.get;
      const content = operation.responses["200"]!.content!["application/json"]!;
      expect(content.example, operation.operationId).toBeDefined();
      const validate = validatorFor(path, "200", "application/json");
      expect(validate(content.example), `${operation.operationId}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const url = live[operation.operationId];
      expect(url, `no live request for ${operation.operationId}`).toBeDefined();
      const answer = await callAndCheck(path, operation, { url: url!, headers: {} });
      expect(answer.status).toBe(200);
      expect(shapesDiffer(shapeOf(content.example), shapeOf(answer.body)), operation.operationId).toEqual([]);
    }
  });
});
