import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express host, which imports the React Router build.
  // Client source maps are written (not linked) so scripts/check-bundle.mjs can prove which modules
  // reach the browser.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" }
    : { target: "es2020", sourcemap: "hidden" as const },
  plugins: [tailwindcss(), reactRouter()],
}));
