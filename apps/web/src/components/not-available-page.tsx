import { Trans } from "@lingui/react/macro";
import ConstructionIcon from "@mui/icons-material/Construction";
import { Paper, Typography } from "@mui/material";
import { PageHeader } from "./page-header.tsx";

/** A route whose page later work will build: says so plainly, pretends nothing. */
export function NotAvailablePage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }} data-testid="not-available">
        <ConstructionIcon color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="h6" sx={{ mt: 1 }}>
          <Trans>{title} is not available yet</Trans>
        </Typography>
        <Typography color="text.secondary">
          <Trans>This part of the product is still being built. Nothing here works yet, and nothing is saved.</Trans>
        </Typography>
      </Paper>
    </>
  );
}
