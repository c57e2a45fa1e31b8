import { i18n, type Messages } from "@lingui/core";
import { useSyncExternalStore } from "react";
import { loadMuiTexts } from "./mui-texts.ts";

/**
 * The language of this device, for the public pages (a new visitor's first load). Lingui's core
 * is here; each language's catalogue of the public pages (src/locales/<language>/public.po) is
 * its own small file, loaded during the start-up screen. The signed-in app adds its own catalogue
 * to the same messages (i18n.ts).
 */
export const LANGUAGES = ["en", "sw"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", sw: "Kiswahili" };

const STORAGE_KEY = "duka.language";

/** The language chosen on this device (remembered per device, not per user). */
export function savedLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return LANGUAGES.includes(saved as Language) ? (saved as Language) : "en";
}

const PUBLIC_CATALOGUES: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../locales/en/public.po"),
  // MUI's own texts come with the language's catalogue, so a theme made in it has them (mui-texts.ts).
  sw: async () => (await Promise.all([import("../../locales/sw/public.po"), loadMuiTexts("sw")]))[0],
};

/** Adds messages to a language and makes it the current one, kept on this device. */
export function applyMessages(language: Language, ...catalogues: Messages[]): void {
  i18n.load(language, Object.assign({}, ...catalogues) as Messages);
  i18n.activate(language);
  globalThis.localStorage?.setItem(STORAGE_KEY, language);
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/** Loads the public pages' catalogue of a language and switches to it. */
export async function activatePublicLanguage(language: Language): Promise<void> {
  const { messages } = await PUBLIC_CATALOGUES[language]();
  applyMessages(language, messages);
}

/** The public pages' catalogue of a language (the signed-in app loads it beside its own). */
export const publicCatalogue = (language: Language) => PUBLIC_CATALOGUES[language]();

const subscribe = (onChange: () => void) => i18n.on("change", onChange);
const currentLanguage = () => (i18n.locale || "en") as Language;

/** The current language; a component using it renders again when the language changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage);
}

export { i18n };
