/**
 * Rendered anonymous pages, kept in this process (decision 017). An entry is served only while
 * the content version it was rendered at is still the database's (content-version.repository.ts),
 * and for at most `ttlMs` (what changes with time alone, such as a listing expiring). Requests
 * that find no entry share one render: the first renders, the others wait for its result.
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

export function createPageCache({ maxBytes, ttlMs }: PageCacheOptions) {
  const store = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    // The key counts too: an address can be long (a hostile one as long as Node allows).
    sizeCalculation: (page, key) => page.body.length + key.length + ENTRY_OVERHEAD_BYTES,
    ttl: ttlMs,
  });
  const rendering = new Map<string, Promise<CachedPage | null>>();
  const slot = (key: string, version: number) => `${version}\u0000${key}`;

  return {
    /** The page stored for `key` at `version`, if it is still fresh. */
    get(key: string, version: number): CachedPage | undefined {
      return store.get(slot(key, version));
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
        if (page && page.body.length + at.length + ENTRY_OVERHEAD_BYTES <= maxBytes) store.set(at, page);
        done(page);
      };
    },

    /** How many pages are kept (for tests and the operator's curiosity). */
    get size(): number {
      return store.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
