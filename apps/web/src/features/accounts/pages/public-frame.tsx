import { Box, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** The centred card the public pages share. */
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
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          Duka POS
        </Typography>
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
