import { defineConfig } from "@lingui/cli";

/**
 * English is the source language: the spec's exact texts are written in the code (Lingui's macros)
 * and extracted; Swahili is translated in src/locales/sw/app.po (docs/glossary.md for the words).
 * The catalogues belong to the signed-in app and load with it (app/router.tsx); the public pages
 * (a new visitor's first load, under 150 KB of JavaScript) are still English only.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "sw"],
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/app",
      include: ["<rootDir>/src"],
      exclude: ["**/*.test.*", "**/features/accounts/pages/**"],
    },
  ],
});
