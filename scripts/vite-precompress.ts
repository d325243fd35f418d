/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file of build/client/assets,
 * at the strongest settings, once per build (decision 043). The server sends the copy the browser
 * accepts (express-static-gzip, server/http/app.ts) instead of compressing the file again on every
 * request: a first visit's ~500 KB of scripts and stylesheet cost the server 15–25 ms of CPU at
 * the moment a phone is downloading and compiling them, and came out larger (Brotli at quality
 * 11 here, against the 4 the `compression` middleware uses on the fly).
 *
 * Twice: after the client build, and after the server build, for the file React Router writes
 * into build/client/assets only then (its route manifest, `manifest-<hash>.js`).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text formats only: photos, fonts (woff2) and icons (png) are compressed already. */
const TEXT = /\.(js|css|svg|json)$/;
/** Below this, compression saves less than a packet, as the `compression` middleware judges it. */
const SMALLEST_BYTES = 1024;

function compressFolder(folder: string, onlyNew: boolean): void {
  for (const name of readdirSync(folder)) {
    if (!TEXT.test(name)) continue;
    const file = path.join(folder, name);
    if (onlyNew && existsSync(`${file}.br`)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < SMALLEST_BYTES) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

export function precompressAssets(): Plugin {
  return {
    name: "mandi:precompress-assets",
    apply: "build",
    writeBundle(options) {
      if (!options.dir) throw new Error("mandi:precompress-assets: the build has no output folder");
      // React Router's layout: build/client beside build/server.
      if (this.environment.name === "client") compressFolder(path.join(options.dir, "assets"), false);
      else compressFolder(path.join(options.dir, "..", "client", "assets"), true);
    },
  };
}
