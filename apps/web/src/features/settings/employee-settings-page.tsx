import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { PERMISSION_FLAGS } from "@app/shared/accounts/auth";
import { PageHeader } from "../../components/page-header.tsx";
import { useAppSelector } from "../../app/hooks.ts";

const LABELS: Record<(typeof PERMISSION_FLAGS)[number], string> = {
  handleStock: "Handle stock",
  handleTransfer: "Handle transfers",
  reviewStock: "Review stock",
  viewPayroll: "Payroll",
  viewBooking: "Bookings",
  viewEmployee: "Employees",
  viewSupplies: "Supplies",
  viewExpenses: "Expenses",
};

/** /settingEmployee/{id}: a member of staff sees their account and what they may do. */
export default function EmployeeSettingsPage() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  if (!user) return null;
  const { details } = user;
  return (
    <>
      <PageHeader title={t`Settings`} subtitle={business?.name} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6">{details.username}</Typography>
          <Typography color="text.secondary" gutterBottom>
            {details.occupation}
          </Typography>
          <Typography sx={{ mt: 2, mb: 1 }}>
            <Trans>What you may do (set by the owner):</Trans>
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            {PERMISSION_FLAGS.map((f) => (
              <Chip
                key={f}
                label={LABELS[f]}
                color={details[f] ? "success" : "default"}
                variant={details[f] ? "filled" : "outlined"}
              />
            ))}
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
