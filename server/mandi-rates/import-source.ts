/**
 * Where an import reads from: a local file, or a URL (the open-data portal's API, or any server
 * with the file). The portal's API wants a key: DATA_GOV_IN_API_KEY is added to an https URL of
 * api.data.gov.in itself that does not carry one, and never written to the log. The API's JSON is
 * read a page at a time, `offset` and `limit` as data.gov.in documents them, up to its `total`
 * (decision 048): one page in memory, however many records the resource has.
 */
import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import { z } from "zod";
import { WrongHeadersError, type PagedRecords } from "./import-mandi-rates";

export interface ImportSource {
  input: Readable | PagedRecords;
  /** Bytes to read, when known (a file's size, a response's Content-Length). */
  size?: number;
  /** Records to read, when the API has said (its `total`, known after the first page). */
  readonly records?: number;
  /** The source as the log may show it (no API key). */
  label: string;
}

/** Records per page of the API's JSON when the address asks for none. */
export const DEFAULT_PAGE_SIZE = 1000;

/** The part of the API's answer the pager reads; its counts come as text ("14588") or numbers. */
const apiPage = z.looseObject({
  total: z.coerce.number().int().nonnegative().optional(),
  message: z.string().optional(),
  records: z.array(z.unknown()).optional(),
});

export async function openImportSource(target: string, env: NodeJS.ProcessEnv = process.env): Promise<ImportSource> {
  if (!/^https?:\/\//i.test(target)) {
    const size = statSync(target).size;
    return { input: createReadStream(target), size, label: target };
  }
  const url = withApiKey(new URL(target), env.DATA_GOV_IN_API_KEY);
  const label = redacted(url);
  if (readsInPages(url)) return pagedSource(url, label);
  const response = await fetch(url, { headers: { accept: "text/csv, application/json;q=0.9, */*;q=0.5" } });
  if (!response.ok || !response.body) throw new Error(`${label} answered ${response.status} ${response.statusText}`);
  const length = Number(response.headers.get("content-length"));
  return { input: Readable.fromWeb(response.body as ReadableStream), size: length > 0 ? length : undefined, label };
}

/** The portal's API host: the key goes to it alone (a host merely ending in "data.gov.in", like evildata.gov.in, is anyone's). */
export const DATA_GOV_IN_API_HOST = "api.data.gov.in";

/** `url` with the API key added when it is the portal's API over https, on its usual port, and carries none. */
export function withApiKey(url: URL, key: string | undefined): URL {
  const forThePortal =
    url.protocol === "https:" && url.hostname === DATA_GOV_IN_API_HOST && url.port === "" && !url.username && !url.password;
  if (!key || !forThePortal || url.searchParams.has("api-key")) return url;
  const keyed = new URL(url);
  keyed.searchParams.set("api-key", key);
  return keyed;
}

function redacted(url: URL): string {
  const shown = new URL(url);
  if (shown.searchParams.has("api-key")) shown.searchParams.set("api-key", "…");
  return shown.toString();
}

/** The API's JSON (format=json, or no format: the API's default), unless the address asks for all at once. */
function readsInPages(url: URL): boolean {
  const format = (url.searchParams.get("format") ?? "json").toLowerCase();
  return /^\/resource\/[^/]+\/?$/.test(url.pathname) && format === "json" && url.searchParams.get("limit") !== "all";
}

function pagedSource(url: URL, label: string): ImportSource {
  const limit = Number(url.searchParams.get("limit")) > 0 ? Math.floor(Number(url.searchParams.get("limit"))) : DEFAULT_PAGE_SIZE;
  const start = Number(url.searchParams.get("offset")) > 0 ? Math.floor(Number(url.searchParams.get("offset"))) : 0;
  const source: { -readonly [K in keyof ImportSource]: ImportSource[K] } = { label, input: { pages: pages() } };
  async function* pages(): AsyncGenerator<readonly unknown[]> {
    for (let offset = start; ;) {
      const page = new URL(url);
      page.searchParams.set("format", "json");
      page.searchParams.set("offset", String(offset));
      page.searchParams.set("limit", String(limit));
      const response = await fetch(page, { headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`${label} answered ${response.status} ${response.statusText} at offset ${offset}`);
      const parsed = apiPage.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success || !parsed.data.records)
        throw new WrongHeadersError(
          `${label} answered no "records" at offset ${offset}${parsed.data?.message ? `: ${parsed.data.message}` : ""}.`,
        );
      const { records, total } = parsed.data;
      if (total !== undefined) source.records = Math.max(0, total - start);
      yield records;
      offset += records.length;
      // The API may give fewer than asked for per page: go on to its total when it says one.
      const done = total !== undefined ? offset >= total : records.length < limit;
      if (!records.length || done) return;
    }
  }
  return source;
}
