import { Box, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { LanguageSwitch } from "../../../components/language-switch.tsx";
import { activatePublicLanguage } from "../../../lib/i18n/public-i18n.ts";

/** The centred card the public pages share, with the language switch of this device. */
export function PublicFrame({
  title,
  subtitle,
  children,
  width = 440,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center", bgcolor: "grey.100", p: 2 }}>
      <Paper sx={{ p: 4, width: "100%", maxWidth: width }} elevation={2}>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
            Duka POS
          </Typography>
          <LanguageSwitch color="primary" activate={activatePublicLanguage} />
        </Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>{children}</Box>
      </Paper>
    </Box>
  );
}
