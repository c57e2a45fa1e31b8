import { defineConfig } from "@lingui/cli";

/** Files whose texts the public pages show: the pages, the language switch, the business types. */
const PUBLIC = [
  "<rootDir>/src/features/accounts/pages",
  "<rootDir>/src/components/language-switch.tsx",
  "<rootDir>/src/lib/business-types.ts",
  // The error page: also in place of a public page that failed.
  "<rootDir>/src/app/route-error.tsx",
];

/**
 * English is the source language: the spec's exact texts are written in the code (Lingui's macros)
 * and extracted; Swahili is translated in src/locales/sw/*.po (docs/glossary.md for the words).
 * Two catalogues per language: `public` (the public pages, loaded during the start-up screen:
 * public-i18n.ts) and `app` (everything signed in, loaded with the signed-in app: i18n.ts).
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "sw"],
  catalogs: [
    { path: "<rootDir>/src/locales/{locale}/public", include: PUBLIC, exclude: ["**/*.test.*"] },
    {
      path: "<rootDir>/src/locales/{locale}/app",
      include: ["<rootDir>/src"],
      exclude: ["**/*.test.*", ...PUBLIC.map((p) => (p.endsWith(".tsx") ? p : `${p}/**`))],
    },
  ],
});
