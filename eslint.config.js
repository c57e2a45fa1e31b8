import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";
import { architectureConfigs } from "./eslint.architecture.js";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/dist-types/**",
      "data/**",
      "**/drizzle/meta/**",
      "e2e/artifacts/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // One clock decides every comparison of moments (apps/server/src/platform/clock.ts): the server's
  // SQL never reads the database's own time. Table files keep it as the column default of rows
  // written outside the app.
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/**/*.table.ts", "apps/server/src/**/*.test.ts", "apps/server/src/db/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\b(now|clock_timestamp|statement_timestamp|transaction_timestamp)\\s*\\(|\\b(current_date|current_timestamp|localtimestamp)\\b/i]",
          message:
            "The database's clock: use now() from platform/clock.ts as a parameter, so one clock decides (issue 26).",
        },
      ],
    },
  },
  // The service worker's source: plain JavaScript run in the worker's global scope.
  { files: ["apps/web/src/sw/sw.js"], languageOptions: { globals: { self: "readonly" } } },
  // ESLint resolves every import as TypeScript, Vite and tsx do (the `.ts`/`.tsx` files, the
  // workspace package's `exports`), so the boundary rules see every import: an import that does not
  // resolve is an error, not a silent skip, and a relative import names its file's extension.
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          conditionNames: ["types", "import", "default"],
        }),
      ],
    },
    rules: {
      "import-x/no-unresolved": "error",
      "import-x/extensions": ["error", "always", { ignorePackages: true, checkTypeImports: true }],
    },
  },
  // No import cycles between source files: a cycle runs a module before the one it imports is
  // initialised. Type-only imports (`import type`) are erased and do not count.
  {
    files: ["apps/*/src/**/*.{ts,tsx,js,mjs}", "packages/*/src/**/*.{ts,tsx,js,mjs}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true, maxDepth: 10 }] },
  },
  // Import boundaries between areas and layers (eslint.architecture.js).
  ...architectureConfigs(importX),
);
