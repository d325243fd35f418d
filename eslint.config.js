import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      // Imports flow one way: core/ ← server/ ← app/routes/. Components and browser helpers
      // use core/ only, and core/ depends on nothing of ours. server/route-helpers/ exists for
      // route modules, so the rest of server/ never reaches back into it.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./core", from: ["./server", "./app"], message: "core/ is pure domain code: no server or app imports." },
            { target: "./server", from: "./app", message: "server/ must not import app/ (routes call services, not the other way)." },
            {
              target: ["./server/!(route-helpers)/**", "./server/*.ts"],
              from: "./server/route-helpers",
              message: "server/route-helpers/ serves route modules: services and Express code must not depend on it.",
            },
            {
              target: ["./app/components", "./app/client"],
              from: "./server",
              message: "Components and browser helpers run in the browser: import core/, never server/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "tests/**"],
    // Playwright fixtures call `use`, which is not React's hook.
    rules: { "@typescript-eslint/no-non-null-assertion": "off", "react-hooks/rules-of-hooks": "off" },
  },
);
