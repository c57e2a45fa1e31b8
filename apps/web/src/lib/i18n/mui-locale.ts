import { createTheme, type Theme, type ThemeOptions } from "@mui/material/styles";
import type { GridLocaleText } from "@mui/x-data-grid";
import type {} from "@mui/x-data-grid/themeAugmentation";
import type {} from "@mui/x-date-pickers/themeAugmentation";
import { muiTexts } from "./mui-texts.ts";
import { i18n, type Language } from "./public-i18n.ts";

/**
 * The app's theme in a language: MUI's own texts (pagers, grids, pickers) in Swahili through
 * MUI's locale mechanism; English is MUI's default. App.tsx makes it again when the language changes.
 */
export function themeFor(language: Language, options: ThemeOptions): Theme {
  const texts = muiTexts(language);
  if (!texts) return createTheme(options);
  return createTheme(
    options,
    texts.muiCoreSw,
    { components: { MuiDataGrid: { defaultProps: { localeText: texts.dataGridSw } } } },
    { components: { MuiLocalizationProvider: { defaultProps: { localeText: texts.pickersSw } } } },
  );
}

/**
 * A grid's own texts (its empty text...) over the language's: a DataGrid's `localeText` prop
 * replaces the theme's, so a page that sets one passes it through here to keep the pager's Swahili.
 */
export function gridText(own: Partial<GridLocaleText>): Partial<GridLocaleText> {
  const texts = muiTexts(i18n.locale);
  return texts ? { ...texts.dataGridSw, ...own } : own;
}
