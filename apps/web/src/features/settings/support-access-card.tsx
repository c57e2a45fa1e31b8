import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { DataGrid, type GridColDef, type GridPaginationModel } from "@mui/x-data-grid";
import { useState } from "react";
import { toast } from "react-toastify";
import type { BusinessSettings } from "@app/shared/businesses/business";
import { SUPPORT_ACCESS_HOURS, type SupportAction } from "@app/shared/businesses/support-access";
import { describeError } from "../../api/errors.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { formatDateTime } from "../../lib/date-format.ts";
import {
  useGetSupportAccessQuery,
  useGrantSupportAccessMutation,
  useListSupportActionsQuery,
  useRevokeSupportAccessMutation,
} from "../businesses/business-api.ts";
import { gridText } from "../../lib/i18n/mui-locale.ts";

/** While the card is open the owner sees support's changes as they happen. */
const REFRESH_MS = 30_000;

/** How an action ended, in words: done, refused (no support access), or failed. */
function ResultChip({ status }: { status: number }) {
  if (status < 400) return <Chip size="small" color="success" label={t`Done`} />;
  if (status === 403) return <Chip size="small" color="warning" variant="outlined" label={t`Refused`} />;
  return <Chip size="small" color="error" variant="outlined" label={t`Failed (${status})`} />;
}

/**
 * Settings: support access. Provider support can always read a business's data (to help) and
 * manage its account and subscription; to change anything else it needs the owner's consent,
 * given here for 1, 4 or 24 hours and ended at any time. Below: every change support made
 * (refusals write nothing). Support sees the same card without the buttons, so it knows whether it may help.
 */
export function SupportAccessCard({ business, support }: { business: BusinessSettings; support: boolean }) {
  const access = useGetSupportAccessQuery(business._id, { pollingInterval: REFRESH_MS });
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const log = useListSupportActionsQuery(
    { id: business._id, ...paging },
    { pollingInterval: REFRESH_MS, refetchOnFocus: true },
  );
  const [grant, granting] = useGrantSupportAccessMutation();
  const [revoke, revoking] = useRevokeSupportAccessMutation();
  const [ending, setEnding] = useState(false);
  const current = access.data?.grant ?? null;

  async function allow(hours: number) {
    try {
      const done = await grant({ id: business._id, hours: hours as (typeof SUPPORT_ACCESS_HOURS)[number] }).unwrap();
      toast.success(t`Support may make changes until ${formatDateTime(done.expiresAt, business.timeZone)}`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  async function end() {
    try {
      await revoke(business._id).unwrap();
      toast.success(t`Support access ended`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setEnding(false);
  }

  const columns: GridColDef<SupportAction>[] = [
    {
      field: "at",
      headerName: t`When`,
      width: 160,
      valueFormatter: (v: string) => formatDateTime(v, business.timeZone),
    },
    { field: "username", headerName: t`Who`, width: 130 },
    { field: "summary", headerName: t`What`, flex: 1, minWidth: 220 },
    {
      field: "path",
      headerName: t`Address`,
      width: 230,
      valueGetter: (_v, row) => `${row.method} ${row.path}`,
    },
    {
      field: "statusCode",
      headerName: t`Result`,
      width: 110,
      renderCell: ({ row }) => <ResultChip status={row.statusCode} />,
    },
  ];

  return (
    <Card variant="outlined" data-testid="support-access-card">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Support access</Trans>
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {support ? (
            <Trans>
              Support can read this business's data and manage its account, subscription and requests. Any other change
              needs the owner's support access.
            </Trans>
          ) : (
            <Trans>
              Support can always see your data to help you, and manage your account and subscription. To let support
              change anything else (sales, prices, stock, staff), allow it here for a few hours. Everything support
              changes is listed below.
            </Trans>
          )}
        </Typography>
        {access.isError && (
          <Alert severity="error" sx={{ my: 1 }}>
            <Trans>Support access could not be loaded.</Trans>
          </Alert>
        )}
        {access.data &&
          (current ? (
            <Alert severity="warning" sx={{ my: 1 }} data-testid="support-access-status">
              <Trans>
                Support may make changes until {formatDateTime(current.expiresAt, business.timeZone)} (allowed by{" "}
                {current.grantedBy}).
              </Trans>
            </Alert>
          ) : (
            <Alert severity="info" sx={{ my: 1 }} data-testid="support-access-status">
              {support ? (
                <Trans>Support may not make changes here. Ask the owner to allow support access in Settings.</Trans>
              ) : (
                <Trans>Support may not make changes in {business.name}.</Trans>
              )}
            </Alert>
          ))}
        {!support && (
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ my: 2 }}>
            {SUPPORT_ACCESS_HOURS.map((hours) => (
              <Button
                key={hours}
                variant="outlined"
                disabled={granting.isLoading || !access.data}
                onClick={() => void allow(hours)}
              >
                {hours === 1 ? t`Allow for 1 hour` : t`Allow for ${hours} hours`}
              </Button>
            ))}
            {current && (
              <Button color="error" variant="contained" onClick={() => setEnding(true)}>
                <Trans>End support access</Trans>
              </Button>
            )}
          </Stack>
        )}
        <Typography variant="subtitle1" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
          <Trans>What support changed</Trans>
        </Typography>
        {log.isError ? (
          <Alert severity="error">
            <Trans>The list of support's changes could not be loaded.</Trans>
          </Alert>
        ) : (
          // The grid scrolls its columns sideways inside the card on a phone; its pager stays in view.
          <Box data-testid="support-actions-grid" sx={{ width: "100%", minWidth: 0 }}>
            <DataGrid
              rows={log.data?.items ?? []}
              getRowId={(r) => r._id}
              columns={columns}
              loading={log.isFetching && !log.data}
              rowCount={log.data?.total ?? 0}
              paginationMode="server"
              paginationModel={paging}
              onPaginationModelChange={setPaging}
              pageSizeOptions={[10, 25]}
              autoHeight
              rowHeight={40}
              disableRowSelectionOnClick
              localeText={gridText({ noRowsLabel: t`Support has made no changes in this business.` })}
            />
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={ending}
        title={t`End support access?`}
        text={t`Support will no longer be able to change anything in ${business.name}. It can still see your data to help you.`}
        confirmLabel={t`End access`}
        busy={revoking.isLoading}
        onConfirm={() => void end()}
        onClose={() => setEnding(false)}
      />
    </Card>
  );
}
