import { Stack } from "@mui/material";
import type { ReactNode } from "react";

/** One line of a delivery: its fields in a row, wrapping below a desktop's width. */
export const DeliveryLineRow = ({ children }: { children: ReactNode }) => (
  <Stack
    direction="row"
    spacing={1}
    sx={{ alignItems: "flex-start", flexWrap: { xs: "wrap", md: "nowrap" }, rowGap: 1 }}
  >
    {children}
  </Stack>
);
