import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { Supplier } from "@app/shared/supplies/supplier";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { partyNameColumn, useShowArchived } from "../../../components/party-list.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { SuppliesNav } from "../components/supplies-nav.tsx";
import { useListSuppliersQuery } from "../supplies-api.ts";

/** /supplier: the suppliers, what the business owes each, their latest delivery. */
export default function SuppliersPage() {
  const business = useAppSelector((s) => s.business.current);
  const paging = useSearchPaging();
  const showArchived = useShowArchived(paging);
  const { data, isFetching, isError } = useListSuppliersQuery(
    { businessId: business?._id ?? "", ...paging.query, ...showArchived.query },
    { skip: !business, refetchOnMountOrArgChange: true },
  );
  const columns: GridColDef<Supplier>[] = [
    partyNameColumn((row) => pathTo("/supplier/:supplierId", { supplierId: row._id })),
    { field: "phone", headerName: t`Phone`, width: 120 },
    { field: "contactPerson", headerName: t`Contact`, width: 140 },
    { field: "supplies", headerName: t`Supplies`, width: 90, type: "number" },
    {
      field: "lastSupplyAt",
      headerName: t`Last delivery`,
      width: 130,
      valueFormatter: (v: string | null) => (v ? formatDate(v, business?.timeZone) : "-"),
    },
    {
      field: "balance",
      headerName: t`We owe`,
      width: 140,
      type: "number",
      valueFormatter: (v: number) => formatKES(v),
    },
  ];
  return (
    <>
      <PageHeader
        title={t`Suppliers`}
        subtitle={business?.name}
        actions={
          <Button component={Link} to={pathTo("/supplier/newsupplier")} variant="contained" startIcon={<AddIcon />}>
            <Trans>New supplier</Trans>
          </Button>
        }
      />
      <SuppliesNav />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
          <Stack
            direction="row"
            sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 1 }}
          >
            <Box>
              <Typography variant="body2" color="text.secondary">
                <Trans>Owed to suppliers</Trans>
              </Typography>
              <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="suppliers-owed">
                {data ? formatKES(data.owed) : "-"}
              </Typography>
            </Box>
            {showArchived.control}
          </Stack>
        </CardContent>
      </Card>
      <PagedGrid
        label={t`suppliers`}
        testId="suppliers-grid"
        paging={paging}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        error={isError}
        empty={t`No suppliers yet. Add the people and companies you buy from.`}
      />
    </>
  );
}
