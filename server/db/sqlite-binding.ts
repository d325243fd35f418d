/**
 * better-sqlite3's compiled part is built for one Node ABI: the one `npm install` ran on. When
 * `npm start` runs on the Node 24 that scripts/runtime/node24.mjs fetched for a machine whose own
 * Node is older, it points MANDI_SQLITE_BINDING at that Node's own build (decision 055), and every
 * SQLite handle the server opens must load it. Unset, better-sqlite3 finds its usual build.
 */
import type { Options } from "better-sqlite3";

export function sqliteOptions(options: Options = {}): Options {
  const nativeBinding = process.env.MANDI_SQLITE_BINDING;
  return nativeBinding ? { ...options, nativeBinding } : options;
}
