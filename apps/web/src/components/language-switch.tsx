import { Box, Button } from "@mui/material";
import { useLingui } from "@lingui/react";
import { t } from "@lingui/core/macro";
import { activateLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from "../lib/i18n/i18n.ts";

/**
 * Chooses the app's language on this device (remembered per device): one button per language,
 * light enough for the public pages' first load.
 */
export function LanguageSwitch({ color = "inherit" }: { color?: "inherit" | "primary" }) {
  const { i18n } = useLingui();
  const current = (i18n.locale || "en") as Language;
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
          onClick={() => void activateLanguage(language)}
          sx={{ minWidth: 0, textTransform: "none" }}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Box>
  );
}
