/**
 * Builds the service worker after the browser bundle (decision 016): esbuild bundles
 * app/service-worker/sw.ts (Workbox's modules and our core/ rules) into one script, then
 * Workbox's injectManifest writes it to build/client/sw.js with the list of files to precache:
 * the built scripts and stylesheet (the photo picker apart: /create is never available offline)
 * and the icons. Runs in `react-router build` itself, so `npm start` and the tests get it too. The
 * build fails if anything but app/, core/ and Workbox (and its idb) ends up in the worker.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";
import { injectManifest } from "workbox-build";

export const SERVICE_WORKER_SOURCE = "app/service-worker/sw.ts";

export function serviceWorker(): Plugin {
  return {
    name: "mandi:service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) throw new Error("mandi:service-worker: the client build has no output folder");
      const work = mkdtempSync(path.join(tmpdir(), "mandi-sw-"));
      try {
        const bundled = path.join(work, "sw.js");
        const { metafile } = await build({
          entryPoints: [SERVICE_WORKER_SOURCE],
          bundle: true,
          format: "iife",
          target: "es2020",
          minify: true,
          outfile: bundled,
          // Workbox's development logging goes.
          define: { "process.env.NODE_ENV": '"production"' },
          logLevel: "warning",
          metafile: true,
        });
        // The worker runs in the browser: like the page bundle (scripts/check-bundle.mjs), only
        // app/, core/ and Workbox (with idb, which workbox-expiration uses) may be in it.
        const strays = Object.keys(metafile.inputs).filter((input) => !/^(app|core)\/|^node_modules\/(workbox-[\w-]+|idb)\//.test(input));
        if (strays.length) throw new Error(`mandi:service-worker: not browser code, in the service worker: ${strays.join(", ")}`);
        const { count, size, warnings } = await injectManifest({
          swSrc: bundled,
          swDest: path.join(options.dir, "sw.js"),
          globDirectory: options.dir,
          globPatterns: ["assets/*.{js,css}", "favicon.svg", "icon-*.png"],
          globIgnores: ["assets/photo-picker-*.js"],
          // Hashed file names: no revision needed, and the browser's own cache may answer.
          dontCacheBustURLsMatching: /^assets\//,
        });
        for (const warning of warnings) this.warn(warning);
        this.info?.(`service worker: ${count} files precached (${(size / 1024).toFixed(0)} KB)`);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}
