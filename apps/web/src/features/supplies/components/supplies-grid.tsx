import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Link as MuiLink, Stack } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { ListSuppliesQuery, SupplyRecord } from "@app/shared/supplies/supply";
import { useAppSelector } from "../../../app/hooks.ts";
import { CreditStatusBadge } from "../../../components/credit-status-badge.tsx";
import { PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { useListSuppliesQuery } from "../supplies-api.ts";
import { SupplierPaymentDialog } from "./supplier-payment-dialog.tsx";
import { TransferDialog } from "./transfer-dialog.tsx";

const ACTION = { py: 0.25, px: 1, minWidth: 0, fontSize: 12, textTransform: "none", whiteSpace: "nowrap" } as const;

type Props = {
  filter: Omit<Partial<ListSuppliesQuery>, "businessId" | "page" | "pageSize" | "q">;
  empty: string;
  testId: string;
  showSupplier?: boolean;
  actions?: ReactNode;
};

/** Supplies, newest first, paged and searched on the server, with Pay and Move into stock on each row. */
export function SuppliesGrid({ filter, empty, testId, showSupplier = true, actions }: Props) {
  const business = useAppSelector((s) => s.business.current);
  const paging = useSearchPaging();
  const { data, isFetching, isError } = useListSuppliesQuery(
    { businessId: business?._id ?? "", ...filter, ...paging.query },
    { skip: !business, refetchOnMountOrArgChange: true },
  );
  const [paying, setPaying] = useState<SupplyRecord | null>(null);
  const [moving, setMoving] = useState<SupplyRecord | null>(null);
  const columns: GridColDef<SupplyRecord>[] = [
    {
      field: "supplyNumber",
      headerName: t`Supply`,
      width: 90,
      renderCell: ({ row }) => (
        <MuiLink component={Link} to={pathTo("/supplier/credit/:id", { id: row._id })}>
          #{row.supplyNumber}
        </MuiLink>
      ),
    },
    {
      field: "suppliedAt",
      headerName: t`Date`,
      width: 115,
      valueFormatter: (v: string) => formatDate(v, business?.timeZone),
    },
    ...(showSupplier
      ? [
          {
            field: "supplier",
            headerName: t`Supplier`,
            flex: 1,
            minWidth: 150,
            renderCell: ({ row }) => (
              <MuiLink component={Link} to={pathTo("/supplier/:supplierId", { supplierId: row.supplier._id })}>
                {row.supplier.name}
              </MuiLink>
            ),
          } satisfies GridColDef<SupplyRecord>,
        ]
      : []),
    {
      field: "creditStatus",
      headerName: t`Status`,
      width: 100,
      renderCell: ({ row }) => (row.creditStatus ? <CreditStatusBadge status={row.creditStatus} /> : t`Paid`),
    },
    { field: "total", headerName: t`Total`, width: 125, type: "number", valueFormatter: (v: number) => formatKES(v) },
    {
      field: "amountPaid",
      headerName: t`Amount paid`,
      width: 125,
      type: "number",
      valueFormatter: (v: number) => formatKES(v),
    },
    {
      field: "balance",
      headerName: t`Balance`,
      width: 125,
      type: "number",
      valueFormatter: (v: number) => formatKES(v),
    },
    {
      field: "actions",
      headerName: t`Actions`,
      width: 230,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: "center" }}>
          {row.balance > 0 && (
            <Button size="small" variant="contained" sx={ACTION} onClick={() => setPaying(row)}>
              <Trans>Pay</Trans>
            </Button>
          )}
          {row.products.some((p) => p.remaining > 0) && (
            <Button size="small" variant="outlined" sx={ACTION} onClick={() => setMoving(row)}>
              <Trans>Move to stock</Trans>
            </Button>
          )}
          <Button
            size="small"
            variant="text"
            sx={ACTION}
            component={Link}
            to={pathTo("/supplier/credit/:id", { id: row._id })}
          >
            <Trans>View</Trans>
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <>
      <PagedGrid
        label={t`supplies`}
        testId={testId}
        paging={paging}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        error={isError}
        empty={empty}
        actions={actions}
      />
      {paying && <SupplierPaymentDialog supply={paying} onClose={() => setPaying(null)} />}
      {moving && <TransferDialog supply={moving} onClose={() => setMoving(null)} />}
    </>
  );
}
