import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { readdirSync } from "node:fs";
import globals from "globals";
import tseslint from "typescript-eslint";

// Imports flow one way: core/ ← server/ ← app/routes/. Components and browser helpers use core/
// only, and core/ depends on nothing of ours. server/route-helpers/ exists for route modules, so
// the rest of server/ never reaches back into it.
const layerZones = [
  { target: "./core", from: ["./server", "./app"], message: "core/ is pure domain code: no server or app imports." },
  { target: "./server", from: "./app", message: "server/ must not import app/ (routes call services, not the other way)." },
  {
    target: ["./server/!(route-helpers)/**", "./server/*.ts"],
    from: "./server/route-helpers",
    message: "server/route-helpers/ serves route modules: services and Express code must not depend on it.",
  },
  {
    target: ["./app/components", "./app/features", "./app/service-worker"],
    from: "./server",
    message: "Components and browser code run in the browser: import core/, never server/.",
  },
  {
    target: ["./app/components", "./app/features", "./app/service-worker"],
    from: "./app/routes",
    message: "Route modules use components, not the other way.",
  },
];

// Capabilities (docs/architecture.md, decision 047). A capability folder of core/ imports itself
// and the foundations every capability builds on; any other edge is declared here with its reason.
const CORE_CAPABILITIES = readdirSync(new URL("./core", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const CORE_FOUNDATIONS = ["shared", "money", "catalogue", "locations", "i18n"];
const CORE_EDGES = {
  // shared/ is the bottom: it knows languages (dates are written per language) and nothing else.
  shared: ["i18n"],
  // A saved search is a /viewmore query kept for later: alerts read it with search's own schema.
  alerts: ["search"],
  // A listing carries photos: the listing form names them by upload id.
  listings: ["uploads"],
};
const coreAllowed = (capability) =>
  capability === "shared"
    ? CORE_EDGES.shared
    : [...CORE_FOUNDATIONS, ...(CORE_EDGES[capability] ?? [])].filter((other) => other !== capability);

// The same for app/features/: a feature imports itself, i18n and app/components/ui; the two
// features that compose others say so.
const APP_FEATURES = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const APP_EDGES = {
  // The sell form puts the place, the photos, the price notes and the offline draft together.
  sell: ["locations", "uploads", "prices", "offline"],
  // The page's frame: the header's account menu and search box.
  site: ["accounts", "search"],
};

const capabilityZones = [
  ...CORE_CAPABILITIES.map((capability) => ({
    target: `./core/${capability}`,
    from: CORE_CAPABILITIES.filter((other) => other !== capability && !coreAllowed(capability).includes(other)).map(
      (other) => `./core/${other}`,
    ),
    message: `core/${capability}/ may import only ${[...new Set(coreAllowed(capability))].join(", ")} besides itself (eslint.config.js, CORE_EDGES).`,
  })),
  ...APP_FEATURES.map((feature) => ({
    target: `./app/features/${feature}`,
    from: APP_FEATURES.filter((other) => other !== feature && other !== "i18n" && !(APP_EDGES[feature] ?? []).includes(other)).map(
      (other) => `./app/features/${other}`,
    ),
    message: `app/features/${feature}/ may import only i18n${(APP_EDGES[feature] ?? []).map((other) => `, ${other}`).join("")} and app/components/ui besides itself (eslint.config.js, APP_EDGES).`,
  })),
  {
    target: "./app/components/ui",
    from: APP_FEATURES.filter((feature) => feature !== "i18n").map((feature) => `./app/features/${feature}`),
    message: "app/components/ui/ holds primitives: it imports no feature but i18n.",
  },
].filter((zone) => zone.from.length > 0);

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/", ".cache/"] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { "import-x/resolver": { typescript: true, node: true } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-cycle": "error",
      // The layers (layerZones, above) hold everywhere, tests included.
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
    },
  },
  {
    // Capability zones hold for the code; a test may import what it checks across capabilities.
    files: ["core/**", "app/**"],
    ignores: ["**/*.test.ts", "**/*.test-support.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...capabilityZones] }] },
  },
  {
    files: ["**/*.test.ts", "tests/**"],
    // Playwright fixtures call `use`, which is not React's hook.
    rules: { "@typescript-eslint/no-non-null-assertion": "off", "react-hooks/rules-of-hooks": "off" },
  },
);
