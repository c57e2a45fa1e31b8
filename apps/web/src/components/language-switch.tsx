import { Box, Button } from "@mui/material";
import { t } from "@lingui/core/macro";
import { LANGUAGE_NAMES, LANGUAGES, useLanguage, type Language } from "../lib/i18n/public-i18n.ts";

/**
 * Chooses the app's language on this device (remembered per device): one button per language.
 * `activate` loads what the caller shows: the public pages only their catalogue
 * (activatePublicLanguage), so the signed-in app's texts stay out of a new visitor's first load;
 * the signed-in app bar both (activateLanguage).
 */
export function LanguageSwitch({
  activate,
  color = "inherit",
  short = false,
}: {
  activate: (language: Language) => Promise<void>;
  color?: "inherit" | "primary";
  /** A phone's app bar: "EN" and "SW" on the buttons (their names stay the full language names). */
  short?: boolean;
}) {
  const current = useLanguage();
  const choose = (language: Language) => void activate(language);
  return (
    <Box role="group" aria-label={t`Language`} data-testid="language-switch" sx={{ display: "flex", gap: 0.5 }}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          color={color}
          size="small"
          lang={language}
          aria-pressed={language === current}
          variant={language === current ? "outlined" : "text"}
          onClick={() => choose(language)}
          aria-label={short ? LANGUAGE_NAMES[language] : undefined}
          sx={{ minWidth: 0, textTransform: "none", px: short ? 0.75 : undefined }}
        >
          {short ? language.toUpperCase() : LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Box>
  );
}
