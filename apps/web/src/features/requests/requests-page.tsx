import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Chip, MenuItem, TextField, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { REQUEST_STATUSES, type RequestStatus, type SupportRequest } from "@app/shared/requests/request";
import { useAppSelector } from "../../app/hooks.ts";
import { PagedGrid, useSearchPaging } from "../../components/paged-grid.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { AnswerDialog } from "./answer-dialog.tsx";
import { formatWhen, useListRequestsQuery } from "./requests-api.ts";
import { SupportRequestsCard } from "./support-requests-card.tsx";

/** /request: provider support reads every business's requests and answers them; an owner sees their own. */
export default function RequestsPage() {
  const user = useAppSelector((s) => s.session.user);
  if (!user?.details.isSupportUser) {
    return (
      <>
        <PageHeader title={t`Requests`} />
        {user?.isAdmin ? (
          <SupportRequestsCard />
        ) : (
          <Typography color="text.secondary">
            <Trans>Support requests are raised by the business owner from Settings.</Trans>
          </Typography>
        )}
      </>
    );
  }
  return <SupportInbox />;
}

function SupportInbox() {
  const paging = useSearchPaging();
  const [status, setStatus] = useState<RequestStatus | "">("open");
  const { data, isFetching, isError } = useListRequestsQuery({ ...paging.query, status: status || undefined });
  const [answering, setAnswering] = useState<SupportRequest | null>(null);
  const columns: GridColDef<SupportRequest>[] = [
    { field: "createdAt", headerName: t`Received`, width: 160, valueFormatter: (v: string) => formatWhen(v) },
    { field: "business", headerName: t`Business`, width: 170, valueGetter: (_v, row) => row.business.businessName },
    {
      field: "subject",
      headerName: t`Request`,
      flex: 1.5,
      minWidth: 260,
      renderCell: ({ row }) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.subject}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-wrap" }}>
            {row.message}
          </Typography>
        </Box>
      ),
    },
    {
      field: "status",
      headerName: t`Status`,
      width: 105,
      renderCell: ({ row }) => (
        <Chip size="small" label={row.status} color={row.status === "open" ? "warning" : "success"} />
      ),
    },
    {
      field: "answer",
      headerName: t`Answer`,
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Typography
          variant="body2"
          color={row.answer ? "text.primary" : "text.secondary"}
          sx={{ whiteSpace: "pre-wrap" }}
        >
          {row.answer ? `${row.answer} (${row.answeredBy})` : t`Not answered yet`}
        </Typography>
      ),
    },
    {
      field: "actions",
      headerName: "",
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          variant={row.answer ? "text" : "contained"}
          onClick={() => setAnswering(row)}
          aria-label={t`Answer ${row.subject}`}
        >
          {row.answer ? t`Edit answer` : t`Answer`}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t`Requests`} subtitle={t`Support requests from businesses`} />
      <PagedGrid
        label="requests"
        testId="requests-grid"
        paging={paging}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        error={isError}
        empty={status === "open" ? "No open requests. Every business has an answer." : "No requests yet."}
        actions={
          <TextField
            select
            size="small"
            label={t`Status`}
            value={status}
            onChange={(e) => (setStatus(e.target.value as RequestStatus | ""), paging.setPage(0))}
            sx={{ width: 150 }}
          >
            <MenuItem value="">
              <Trans>All</Trans>
            </MenuItem>
            {REQUEST_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s === "open" ? t`Open` : t`Answered`}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {answering && <AnswerDialog request={answering} onClose={() => setAnswering(null)} />}
    </>
  );
}
