import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import { Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { Link } from "react-router";
import type { Dashboard } from "@app/shared/reports/reports";
import { pathTo } from "../../../lib/paths.ts";

/**
 * A new business's dashboard (issue 33, item 6): what to do first, with links, until the first
 * sale. Steps already done are ticked.
 */
export function WelcomeCard({ setup }: { setup: Dashboard["setup"] }) {
  const steps = [
    {
      done: setup.products,
      label: t`Add your products`,
      hint: t`Name, price and stock of what you sell.`,
      to: pathTo("/products/new"),
      action: t`Add products`,
      id: "products",
    },
    {
      done: setup.staff,
      label: t`Add your staff`,
      hint: t`Cashiers and managers sign in with their own accounts.`,
      to: pathTo("/employees/new"),
      action: t`Add staff`,
      id: "staff",
    },
    {
      done: setup.mpesa,
      label: t`Connect M-Pesa`,
      hint: t`Your till or paybill number, so customers can pay by M-Pesa.`,
      to: pathTo("/settings"),
      action: t`Connect M-Pesa`,
      id: "mpesa",
    },
    {
      done: setup.etims,
      label: t`Connect eTIMS`,
      hint: t`Your KRA device, so receipts are signed by KRA.`,
      to: pathTo("/settings"),
      action: t`Connect eTIMS`,
      id: "etims",
    },
  ];
  return (
    <Card variant="outlined" data-testid="dashboard-welcome">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          <Trans>Welcome! Set up your business</Trans>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <Trans>Do these first. Once you make your first sale at the POS, today's figures appear here.</Trans>
        </Typography>
        <Stack spacing={1}>
          {steps.map((s) => (
            <Box
              key={s.id}
              data-testid={`welcome-${s.id}`}
              data-done={s.done}
              sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}
            >
              {s.done ? (
                <CheckCircleIcon color="success" titleAccess={t`Done`} />
              ) : (
                <RadioButtonUncheckedIcon color="disabled" titleAccess={t`To do`} />
              )}
              <Box sx={{ flex: "1 1 200px", minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{s.label}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {s.hint}
                </Typography>
              </Box>
              <Button component={Link} to={s.to} size="small" variant={s.done ? "text" : "contained"}>
                {s.action}
              </Button>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
