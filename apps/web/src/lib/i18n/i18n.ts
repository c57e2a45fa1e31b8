import { i18n, type Messages } from "@lingui/core";

/** The languages of the app: English is the source (the spec's texts), Swahili is translated. */
export const LANGUAGES = ["en", "sw"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", sw: "Kiswahili" };

const STORAGE_KEY = "duka.language";

/** The language chosen on this device (remembered per device, not per user). */
export function savedLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return LANGUAGES.includes(saved as Language) ? (saved as Language) : "en";
}

/** One catalogue per language, each its own small file, loaded when first needed. */
const CATALOGUES: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../locales/en/app.po"),
  sw: () => import("../../locales/sw/app.po"),
};

/** Loads the language's catalogue and switches the app to it; the choice is kept on this device. */
export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await CATALOGUES[language]();
  i18n.loadAndActivate({ locale: language, messages });
  globalThis.localStorage?.setItem(STORAGE_KEY, language);
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/** en-KE or sw-KE: how numbers and dates are written in the current language. */
export function currentLocale(): string {
  return i18n.locale === "sw" ? "sw-KE" : "en-KE";
}

export { i18n };
