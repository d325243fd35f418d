import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { precompressAssets } from "./scripts/vite-precompress.ts";
import { serviceWorker } from "./scripts/vite-service-worker.ts";

/**
 * Which modules reach the browser, chunk by chunk, from the bundler itself: scripts/check-bundle.mjs
 * proves from this list that no server code is in the client build. Written beside build/client,
 * outside the served folder. (It replaced hidden source maps, which made React Router warn at every
 * build that the server's code was public, though no map was ever served; decision 055.)
 */
function clientModuleList(): Plugin {
  const modules = new Set<string>();
  return {
    name: "mandi:client-module-list",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      modules.clear();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        // Only modules with code in the chunk: one tree-shaken away never reaches the browser.
        for (const [id, module] of Object.entries(output.modules)) if (module.renderedLength > 0) modules.add(id);
      }
    },
    writeBundle(options) {
      if (!options.dir) throw new Error("mandi:client-module-list: the client build has no output folder");
      const root = process.cwd();
      const ids = [...modules].map((id) => (path.isAbsolute(id) ? path.relative(root, id) : id)).sort();
      writeFileSync(path.join(options.dir, "..", "client-modules.json"), `${JSON.stringify(ids, null, 1)}\n`);
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
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" } : { target: "es2020" },
  plugins: [reactRouterProductionBuild(), tailwindcss(), reactRouter(), clientModuleList(), serviceWorker(), precompressAssets()],
}));
