import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { toast } from "react-toastify";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { formatKES } from "@app/shared/money/money";
import { RECEIPT_KINDS, type Receipt, type ReceiptFormat, type ReceiptKind } from "@app/shared/sales-documents/receipt";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { initialPeriod, PeriodFilter, rangeOf } from "../../../components/period-filter.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import { showPdf } from "../../../lib/pdf-files.ts";
import { receiptPdfUrl, useListReceiptsQuery } from "../documents-api.ts";

const kindLabel = (k: ReceiptKind) =>
  k === "sale_payment" ? t`Sale` : k === "credit_repayment" ? t`Credit repayment` : t`Invoice payment`;

/** /receipts: the proof of every sale and payment that took money in, reprinted on an 80 mm roll or A4. */
export default function ReceiptsPage() {
  const business = useAppSelector((s) => s.business.current);
  const token = useAppSelector((s) => s.session.user?.token);
  const timeZone = business?.timeZone ?? DEFAULT_TIME_ZONE;
  const [period, setPeriod] = useState(() => initialPeriod(timeZone, "today"));
  const [kind, setKind] = useState<ReceiptKind | "">("");
  const paging = useSearchPaging(25);
  const { data, isFetching, isError } = useListReceiptsQuery(
    { businessId: business?._id ?? "", ...rangeOf(period, timeZone), kind: kind || undefined, ...paging.query },
    { skip: !business, refetchOnMountOrArgChange: true },
  );
  const print = (r: Receipt, format: ReceiptFormat) =>
    void showPdf(receiptPdfUrl(r._id, format), token).catch((e: Error) => toast.error(e.message));
  const columns: GridColDef<Receipt>[] = [
    { field: "issuedAt", headerName: t`Time`, width: 150, valueFormatter: (v: string) => formatDateTime(v, timeZone) },
    {
      field: "description",
      headerName: t`Receipt`,
      flex: 1,
      minWidth: 190,
      renderCell: ({ row }) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.description} {row.reversed && <Chip size="small" color="error" label={t`Voided`} />}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {kindLabel(row.kind)} · {row.who}
          </Typography>
        </Box>
      ),
    },
    {
      field: "amount",
      headerName: t`Amount`,
      width: 130,
      align: "right",
      headerAlign: "right",
      valueFormatter: (v: number) => formatKES(v),
    },
    { field: "methods", headerName: t`Paid by`, width: 140 },
    { field: "reference", headerName: t`Reference`, width: 130, valueFormatter: (v: string | null) => v ?? "" },
    {
      field: "print",
      headerName: t`Reprint`,
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5}>
          <Button size="small" onClick={() => print(row, "80mm")} aria-label={t`Reprint ${row.description} on 80 mm`}>
            80 mm
          </Button>
          <Button size="small" onClick={() => print(row, "a4")} aria-label={t`Reprint ${row.description} on A4`}>
            A4
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t`Receipts`} subtitle={business?.name} />
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
          <PeriodFilter value={period} onChange={(v) => (setPeriod(v), paging.setPage(0))} />
          <TextField
            select
            size="small"
            label={t`Kind`}
            value={kind}
            onChange={(e) => (setKind(e.target.value as ReceiptKind | ""), paging.setPage(0))}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="">
              <Trans>All receipts</Trans>
            </MenuItem>
            {RECEIPT_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {kindLabel(k)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <PagedGrid
          label={t`receipts`}
          testId="receipts-grid"
          paging={paging}
          rows={data?.items ?? []}
          total={data?.total ?? 0}
          columns={columns}
          loading={isFetching}
          error={isError}
          empty={t`No receipts in this period.`}
        />
      </Stack>
    </>
  );
}
