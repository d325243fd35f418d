import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
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

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express host, which imports the React Router build.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" }
    : { target: "es2020", sourcemap: "hidden" as const },
  plugins: [tailwindcss(), reactRouter(), sourceMapsOutOfServedFolder(), serviceWorker()],
}));
