import { Box, CircularProgress, Typography } from "@mui/material";

/** The start-up screen (spec section 2: shown for 1 second while the saved session is restored). */
export function LoadingScreen() {
  return (
    <Box
      data-testid="loading-screen"
      sx={{ display: "grid", placeItems: "center", minHeight: "100vh", bgcolor: "background.default" }}
    >
      <Box sx={{ textAlign: "center" }}>
        <Typography variant="h4" sx={{ fontWeight: 700, color: "primary.main", mb: 2 }}>
          Duka POS
        </Typography>
        <CircularProgress />
      </Box>
    </Box>
  );
}
