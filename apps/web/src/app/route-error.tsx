import { Box, Button, Typography } from "@mui/material";
import { useRouteError } from "react-router";

/** The fallback for unexpected routing errors (spec section 2). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Box sx={{ p: 6, textAlign: "center" }}>
      <Typography variant="h5" component="h1">
        Unexpected Application Error!
      </Typography>
      <Button sx={{ mt: 2 }} href="/">
        Back to the start
      </Button>
    </Box>
  );
}
