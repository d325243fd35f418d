import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { precompressAssets } from "./scripts/vite-precompress.ts";
import { serviceWorker } from "./scripts/vite-service-worker.ts";

/**
 * Client source maps are written (not linked) so scripts/check-bundle.mjs can prove which modules
 * reach the browser, but they hold route sources: they are moved out of build/client, the served
 * folder, into build/sourcemaps as soon as they are written, so no spelling of a URL can reach one.
 */
function sourceMapsOutOfServedFolder(): Plugin {
  return {
    name: "mandi:source-maps-out-of-served-folder",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      if (!options.dir) throw new Error("mandi:source-maps-out-of-served-folder: the client build has no output folder");
      const kept = path.join(options.dir, "..", "sourcemaps");
      // Maps from an earlier build would describe chunks that no longer exist.
      rmSync(kept, { recursive: true, force: true });
      for (const file of readdirSync(options.dir, { recursive: true, encoding: "utf8" })) {
        if (!file.endsWith(".map")) continue;
        mkdirSync(path.dirname(path.join(kept, file)), { recursive: true });
        renameSync(path.join(options.dir, file), path.join(kept, file));
      }
    },
  };
}

/**
 * React Router 7's package exports name only its development build (upstream issue
 * remix-run/react-router#14102), so a production bundle carries its dev-only checks and warnings
 * (`ENABLE_DEV_WARNINGS = true`). The package ships the production build beside it, with the same
 * exports: the browser's bundle takes that one. Only in the client environment: the server keeps
 * the one copy React Router's own server packages (`@react-router/node`, `@react-router/express`)
 * import, so the two never meet in one process (decision 043).
 */
function reactRouterProductionBuild(): Plugin {
  const folder = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist/production");
  const files: Record<string, string> = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  return {
    name: "mandi:react-router-production-build",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source) {
      const file = files[source];
      return file ? path.join(folder, file) : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express host, which imports the React Router build.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" }
    : { target: "es2020", sourcemap: "hidden" as const },
  plugins: [
    reactRouterProductionBuild(),
    tailwindcss(),
    reactRouter(),
    sourceMapsOutOfServedFolder(),
    serviceWorker(),
    precompressAssets(),
  ],
}));
