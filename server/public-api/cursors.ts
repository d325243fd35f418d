/**
 * Paging by cursor (decision 032): a page holds `limit` items, and a cursor is opaque text,
 * base64url JSON of where the last page ended. What a cursor holds is its list's own rule
 * (server/listings/listing-cursor.ts; mandi rates in operations.ts); here it is only carried.
 */
import type { Request } from "express";
import type { z } from "zod";
import { API_BASE } from "./problems";
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from "./public-api.schemas";

export const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** What a cursor's text decodes to, not yet checked; null when it is not base64url JSON (never a valid cursor). */
export function decodeCursor(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

/** The `limit` parameter (a string of digits, by its schema) as a number. */
export const pageLimit = (text: string | undefined) => (text ? Number(text) : DEFAULT_PAGE_LIMIT);

/** A paged operation's query schema, refusing a `limit` past MAX_PAGE_LIMIT. */
export const limitWithinMax = <S extends z.ZodType<{ limit?: string }>>(schema: S) =>
  schema.refine((q) => pageLimit(q.limit) <= MAX_PAGE_LIMIT, { path: ["limit"], message: `At most ${MAX_PAGE_LIMIT}.` });

/** Where the next page is: its cursor, and what else of this request's query changes on the way. */
export interface NextPage {
  cursor: string;
  /** Parameters set to another value (a position replaced by its district). */
  replace?: Record<string, string>;
  /** Parameters left out (the position itself). */
  drop?: readonly string[];
}

/** This request's address with the cursor replaced (and `replace`/`drop` applied). */
export function nextLink(origin: string, req: Request, next: NextPage): string {
  const params = new URLSearchParams(new URL(req.originalUrl, "http://api.invalid").search);
  for (const key of ["cursor", ...(next.drop ?? [])]) params.delete(key);
  for (const [key, value] of Object.entries(next.replace ?? {})) params.set(key, value);
  params.set("cursor", next.cursor);
  return `${origin}${API_BASE}${req.path}?${params.toString()}`;
}
