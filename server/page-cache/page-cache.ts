/**
 * Rendered anonymous pages, kept in this process (decision 017). An entry is served only while
 * the content version it was rendered at is still the database's (content-version.repository.ts),
 * and for at most `ttlMs` (what changes with time alone, such as a listing expiring). Requests
 * that find no entry share one render: the first renders, the others wait for its result; if the
 * page was kept until a moment ago, at the same version, they are given that copy instead of
 * waiting (the render refreshes it).
 */
import { LRUCache } from "lru-cache";

export interface CachedPage {
  status: number;
  headers: Array<[string, string | string[]]>;
  body: Buffer;
}

export interface PageCacheOptions {
  /** How much rendered HTML to keep, in bytes; the least recently used goes first. */
  maxBytes: number;
  /** Longest an entry is served, whatever the version says. */
  ttlMs: number;
}

/** Headers and bookkeeping an entry costs besides its body, roughly. */
const ENTRY_OVERHEAD_BYTES = 1024;

export function createPageCache({ maxBytes, ttlMs, now = Date.now }: PageCacheOptions & { now?: () => number }) {
  const store = new LRUCache<string, CachedPage & { storedAt: number }>({
    maxSize: maxBytes,
    // The key counts too: an address can be long (a hostile one as long as Node allows).
    sizeCalculation: (page, key) => page.body.length + key.length + ENTRY_OVERHEAD_BYTES,
    // Kept as long again past its time, to stand in while it is rendered anew.
    ttl: 2 * ttlMs,
  });
  // Pages past even their stand-in time are dropped every so often, not only when newer pages push
  // them out, so a quiet worker does not hold a full cache of pages it can no longer serve (issue 27).
  setInterval(() => store.purgeStale(), Math.max(2 * ttlMs, 1000)).unref();
  const rendering = new Map<string, Promise<CachedPage | null>>();
  const slot = (key: string, version: number) => `${version}\u0000${key}`;
  // The version the last request found, for `holds`, which is asked before any database read.
  let latestVersion: number | undefined;

  return {
    /**
     * The page stored for `key` at `version`: `fresh` within `ttlMs`, else (up to twice that) a
     * copy only to stand in while another request renders it again.
     */
    get(key: string, version: number): { page: CachedPage; fresh: boolean } | undefined {
      latestVersion = version;
      const stored = store.get(slot(key, version));
      return stored && { page: stored, fresh: now() - stored.storedAt < ttlMs };
    },

    /** The render of `key` at `version` another request has started, if one has. */
    pending(key: string, version: number): Promise<CachedPage | null> | undefined {
      return rendering.get(slot(key, version));
    },

    /**
     * Marks this request as the one rendering `key` at `version`; others find it through
     * `pending`. The returned function must be called exactly once with the page (null: the
     * answer may not be kept, and each waiting request renders its own).
     */
    startRender(key: string, version: number): (page: CachedPage | null) => void {
      const at = slot(key, version);
      let done!: (page: CachedPage | null) => void;
      rendering.set(at, new Promise((resolve) => (done = resolve)));
      return (page) => {
        rendering.delete(at);
        // An entry larger than the whole cache is not kept (lru-cache would refuse it anyway).
        if (page && page.body.length + at.length + ENTRY_OVERHEAD_BYTES <= maxBytes) store.set(at, { ...page, storedAt: now() });
        done(page);
      };
    },

    /**
     * Whether `key` is probably kept or being rendered, at the version the last request found;
     * O(1) and without the database, for load shedding (decision 038). Wrong only after a write.
     */
    holds(key: string): boolean {
      if (latestVersion === undefined) return false;
      const at = slot(key, latestVersion);
      return store.has(at) || rendering.has(at);
    },

    /** How many pages are kept (for tests and the operator's curiosity). */
    get size(): number {
      return store.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
