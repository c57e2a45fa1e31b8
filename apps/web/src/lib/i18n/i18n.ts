import { type Messages } from "@lingui/core";
import { applyMessages, i18n, publicCatalogue, type Language } from "./public-i18n.ts";

export { LANGUAGES, LANGUAGE_NAMES, savedLanguage, type Language } from "./public-i18n.ts";

/** The signed-in app's catalogue of each language, its own small file, loaded when first needed. */
const CATALOGUES: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../locales/en/app.po"),
  sw: () => import("../../locales/sw/app.po"),
};

/**
 * Loads the language's catalogues (the signed-in app's and the public pages') and switches the
 * app to it; the choice is kept on this device.
 */
export async function activateLanguage(language: Language): Promise<void> {
  const [app, shared] = await Promise.all([CATALOGUES[language](), publicCatalogue(language)]);
  applyMessages(language, shared.messages, app.messages);
}

/** en-KE or sw-KE: how numbers and dates are written in the current language. */
export function currentLocale(): string {
  return i18n.locale === "sw" ? "sw-KE" : "en-KE";
}

export { i18n };
