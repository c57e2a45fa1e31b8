import type * as MuiSw from "../../locales/mui-sw.ts";

/**
 * MUI's own texts in a language other than English (MUI's default), loaded with that language's
 * catalogue (public-i18n.ts) rather than in everyone's first load: Swahili's are 2 KB gzip of the
 * sign-in page's JavaScript that an English visitor never uses.
 */
let sw: typeof MuiSw | null = null;

/** The texts of `language`, once loaded; null for English (and before the load). */
export const muiTexts = (language: string): typeof MuiSw | null => (language === "sw" ? sw : null);

export async function loadMuiTexts(language: string): Promise<void> {
  if (language === "sw") sw ??= await import("../../locales/mui-sw.ts");
}
