import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { formatKES } from "@app/shared/money/money";
import {
  INVOICE_STATUSES,
  QUOTATION_STATUSES,
  type DocumentStatus,
  type DocumentType,
  type SalesDocument,
} from "@app/shared/sales-documents/document";
import { useAppSelector } from "../../../app/hooks.ts";
import { FigureCard } from "../../../components/figure-card.tsx";
import { PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { statusLabel } from "../document-texts.ts";
import { useListDocumentsQuery } from "../documents-api.ts";
import { DocumentChips } from "./document-chips.tsx";
import type { DocRef } from "./document-drawer.tsx";

const STATUSES: Partial<Record<DocumentType, readonly DocumentStatus[]>> = {
  invoice: INVOICE_STATUSES,
  quotation: QUOTATION_STATUSES,
};

/** A list of invoices, quotations or credit notes, newest first, with status filter and the server's totals. */
export function DocumentsList({ type, onOpen }: { type: DocumentType; onOpen: (r: DocRef) => void }) {
  const business = useAppSelector((s) => s.business.current);
  const timeZone = business?.timeZone ?? DEFAULT_TIME_ZONE;
  const paging = useSearchPaging(25);
  const [status, setStatus] = useState<DocumentStatus | "overdue" | "">("");
  const { data, isFetching, isError } = useListDocumentsQuery(
    {
      type,
      businessId: business?._id ?? "",
      ...(status === "overdue" ? { overdue: true } : status ? { status } : {}),
      ...paging.query,
    },
    { skip: !business, refetchOnMountOrArgChange: true },
  );
  const columns: GridColDef<SalesDocument>[] = [
    {
      field: "number",
      headerName: t`Number`,
      width: 130,
      renderCell: ({ row }) => (
        <Button size="small" sx={{ px: 0, fontWeight: 700 }} onClick={() => onOpen({ type, id: row._id })}>
          {row.number}
        </Button>
      ),
    },
    { field: "issuedAt", headerName: t`Date`, width: 115, valueFormatter: (v: string) => formatDate(v, timeZone) },
    {
      field: "party",
      headerName: type === "quotation" ? t`For` : t`Client`,
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Box>
          <Typography variant="body2">{row.party.name}</Typography>
          {row.party.kraPin && (
            <Typography variant="caption" color="text.secondary">
              {row.party.kraPin}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: "total",
      headerName: t`Total`,
      width: 130,
      align: "right",
      headerAlign: "right",
      valueFormatter: (v: number) => formatKES(v),
    },
    ...(type === "invoice"
      ? [
          {
            field: "balance",
            headerName: t`Balance`,
            width: 130,
            align: "right",
            headerAlign: "right",
            valueFormatter: (v: number) => formatKES(v),
          } as GridColDef<SalesDocument>,
        ]
      : []),
    { field: "status", headerName: t`Status`, width: 260, renderCell: ({ row }) => <DocumentChips doc={row} /> },
  ];
  const totals = data?.totals;
  return (
    <Stack spacing={2}>
      {totals && (
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }} data-testid={`${type}-totals`}>
          <FigureCard label={t`Count`} value={String(totals.count)} />
          <FigureCard label={t`Total`} value={formatKES(totals.total)} />
          {type === "invoice" && (
            <FigureCard
              label={t`Still owed`}
              value={formatKES(totals.balance)}
              tone={totals.balance ? "warning" : undefined}
            />
          )}
          {type === "invoice" && (
            <FigureCard label={t`Overdue`} value={String(totals.overdue)} tone={totals.overdue ? "error" : undefined} />
          )}
        </Stack>
      )}
      <PagedGrid
        label={type === "invoice" ? t`invoices` : type === "quotation" ? t`quotations` : t`credit notes`}
        testId={`${type}-grid`}
        paging={paging}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        error={isError}
        empty={
          type === "invoice"
            ? t`No invoices yet.`
            : type === "quotation"
              ? t`No quotations yet.`
              : t`No credit notes yet.`
        }
        actions={
          STATUSES[type] && (
            <TextField
              select
              size="small"
              label={t`Status`}
              value={status}
              onChange={(e) => (setStatus(e.target.value as DocumentStatus), paging.setPage(0))}
              sx={{ minWidth: 150 }}
            >
              <MenuItem value="">
                <Trans>All</Trans>
              </MenuItem>
              {STATUSES[type]!.map((s) => (
                <MenuItem key={s} value={s}>
                  {statusLabel(s)}
                </MenuItem>
              ))}
              {type === "invoice" && <MenuItem value="overdue">{t`Overdue`}</MenuItem>}
            </TextField>
          )
        }
      />
    </Stack>
  );
}
