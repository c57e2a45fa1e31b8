import BlockIcon from "@mui/icons-material/Block";
import { Paper, Typography } from "@mui/material";
import { useAppSelector } from "./store.ts";

/** /error: what an inactive account shows (spec section 4). */
export default function AccountInactivePage() {
  const business = useAppSelector((s) => s.business.current);
  const inactive = business?.accountActive === false;
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: "center", maxWidth: 560, mx: "auto", mt: 4 }}>
      <BlockIcon color={inactive ? "error" : "disabled"} sx={{ fontSize: 48 }} />
      <Typography variant="h5" component="h1" gutterBottom>
        {inactive ? "Account Inactive" : "Nothing to see here"}
      </Typography>
      <Typography color="text.secondary">
        {inactive ? `The account of ${business.name} is inactive. Please contact support to switch it back on. Your data is kept.` : "This page is only used when a business account is inactive."}
      </Typography>
    </Paper>
  );
}
