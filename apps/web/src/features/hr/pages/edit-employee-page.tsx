import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Avatar, Box, Button, CircularProgress, Stack } from "@mui/material";
import { Link as RouterLink, useParams } from "react-router";
import { mayUseArea } from "@app/shared/permissions/areas";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { AreaGate } from "../../../components/area-gate.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { useGetPayProfileQuery } from "../../payroll/payroll-api.ts";
import { AccountCard } from "../components/account-card.tsx";
import { occupationLabel } from "../../../components/occupation-label.ts";
import { PasswordResetCard } from "../components/password-reset-card.tsx";
import { TillPinCard } from "../components/till-pin-card.tsx";
import { PayProfileCard } from "../components/pay-profile-card.tsx";
import { StatusCard } from "../components/status-card.tsx";
import { useGetEmployeeQuery } from "../hr-api.ts";

/** /employees/{employeeId}: occupation, permissions, password reset, status, pay and statutory details. */
export default function EditEmployeePage() {
  return (
    <AreaGate area="hr" title={t`Employee`}>
      <EditEmployee />
    </AreaGate>
  );
}

function EditEmployee() {
  const { employeeId = "" } = useParams();
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const isOwner = Boolean(user?.isAdmin);
  const seesPay = Boolean(user && mayUseArea("payroll", user, business));
  const { data: employee, isLoading, isError, error } = useGetEmployeeQuery(employeeId);
  const profile = useGetPayProfileQuery(employeeId, { skip: !seesPay });
  if (isLoading) return <CircularProgress aria-label={t`Loading`} />;
  if (isError || !employee)
    return (
      <>
        <PageHeader title={t`Employee`} />
        <Alert severity="error">
          <Trans>The employee could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      </>
    );
  return (
    <>
      <PageHeader
        title={employee.username}
        subtitle={occupationLabel(employee.occupation)}
        actions={
          <Button component={RouterLink} to={pathTo("/employee/:employeeId", { employeeId })}>
            <Trans>Profile and history</Trans>
          </Button>
        }
      />
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" }, alignItems: "start" }}>
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <Avatar src={employee.image ?? undefined} alt={employee.username} sx={{ width: 56, height: 56 }} />
            <Box sx={{ color: "text.secondary" }}>
              {isOwner ? (
                <Trans>Changes here apply at their next request; a new password signs them out.</Trans>
              ) : (
                <Trans>Only the business owner changes staff accounts.</Trans>
              )}
            </Box>
          </Stack>
          <AccountCard key={`${employee._id}-${employee.occupation}`} employee={employee} canEdit={isOwner} />
          {isOwner && <PasswordResetCard employee={employee} />}
          {isOwner && <TillPinCard employee={employee} />}
          {isOwner && <StatusCard employee={employee} />}
        </Stack>
        <Box>
          {seesPay && profile.isLoading && <CircularProgress aria-label={t`Loading`} />}
          {seesPay && profile.isError && (
            <Alert severity="error">
              <Trans>The pay details could not be loaded. {describeError(profile.error).message}</Trans>
            </Alert>
          )}
          {profile.data && (
            <PayProfileCard key={profile.data.updatedAt ?? "new"} profile={profile.data} canEdit={isOwner} />
          )}
          {!seesPay && (
            <Alert severity="info">
              <Trans>Pay details are shown to the owner and to staff who may view payroll.</Trans>
            </Alert>
          )}
        </Box>
      </Box>
    </>
  );
}
