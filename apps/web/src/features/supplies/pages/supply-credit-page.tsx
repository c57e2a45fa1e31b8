import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Card, CardContent, Link as MuiLink, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { Supplier } from "@app/shared/supplies/supplier";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { SuppliesNav } from "../components/supplies-nav.tsx";
import { useListSuppliersQuery } from "../supplies-api.ts";

/** /supply/credit: what the business owes each supplier, largest first by name, with the total. */
export default function SupplyCreditPage() {
  const business = useAppSelector((s) => s.business.current);
  const paging = useSearchPaging();
  const { data, isFetching, isError } = useListSuppliersQuery(
    { businessId: business?._id ?? "", owing: "true", ...paging.query },
    { skip: !business, refetchOnMountOrArgChange: true },
  );
  const columns: GridColDef<Supplier>[] = [
    {
      field: "name",
      headerName: t`Supplier`,
      flex: 1,
      minWidth: 170,
      renderCell: ({ row }) => (
        <MuiLink component={Link} to={pathTo("/supplier/:supplierId", { supplierId: row._id })}>
          {row.name}
        </MuiLink>
      ),
    },
    { field: "phone", headerName: t`Phone`, width: 120 },
    {
      field: "lastSupplyAt",
      headerName: t`Last delivery`,
      width: 130,
      valueFormatter: (v: string | null) => (v ? formatDate(v, business?.timeZone) : "-"),
    },
    {
      field: "balance",
      headerName: t`We owe`,
      width: 150,
      type: "number",
      valueFormatter: (v: number) => formatKES(v),
    },
  ];
  return (
    <>
      <PageHeader title={t`Supply Credit`} subtitle={business?.name} />
      <SuppliesNav />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              <Trans>Total owed to suppliers</Trans>
            </Typography>
            <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="owed-total">
              {data ? formatKES(data.owed) : "-"}
            </Typography>
          </Box>
        </CardContent>
      </Card>
      <PagedGrid
        label={t`suppliers`}
        testId="owed-grid"
        paging={paging}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        error={isError}
        empty={t`The business owes no supplier anything.`}
      />
    </>
  );
}
