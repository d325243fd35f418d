/**
 * Where an import reads from: a local file, or a URL (the open-data portal's API, or any server
 * with the file). The portal's API wants a key: DATA_GOV_IN_API_KEY is added to an https URL of
 * api.data.gov.in itself that does not carry one, and never written to the log.
 */
import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";

export interface ImportSource {
  input: Readable;
  /** Bytes to read, when known (a file's size, a response's Content-Length). */
  size?: number;
  /** The source as the log may show it (no API key). */
  label: string;
}

export async function openImportSource(target: string, env: NodeJS.ProcessEnv = process.env): Promise<ImportSource> {
  if (!/^https?:\/\//i.test(target)) {
    const size = statSync(target).size;
    return { input: createReadStream(target), size, label: target };
  }
  const url = withApiKey(new URL(target), env.DATA_GOV_IN_API_KEY);
  const label = redacted(url);
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
