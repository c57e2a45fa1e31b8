import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import { Button } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { Link } from "react-router";
import type { Customer } from "@app/shared/customers/customer";
import { formatKES } from "@app/shared/money/money";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { partyNameColumn, useShowArchived } from "../../../components/party-list.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { useListCustomersQuery } from "../customers-api.ts";

/** /customers: search by name or phone; what each owes and when they last bought. */
export default function CustomersPage() {
  const business = useAppSelector((s) => s.business.current);
  const paging = useSearchPaging();
  const showArchived = useShowArchived(paging);
  const { data, isFetching, isError } = useListCustomersQuery(
    { businessId: business?._id ?? "", ...paging.query, ...showArchived.query },
    { skip: !business, refetchOnMountOrArgChange: true },
  );
  const columns: GridColDef<Customer>[] = [
    partyNameColumn((row) => pathTo("/customers/:customerId", { customerId: row._id })),
    { field: "phone", headerName: t`Phone`, width: 125 },
    {
      field: "balance",
      headerName: t`Balance owed`,
      width: 140,
      type: "number",
      valueFormatter: (v: number) => formatKES(v),
    },
    {
      field: "creditLimit",
      headerName: t`Credit limit`,
      width: 140,
      type: "number",
      valueFormatter: (v: number | null) => (v === null ? t`No limit` : formatKES(v)),
    },
    {
      field: "lastPurchaseAt",
      headerName: t`Last purchase`,
      width: 140,
      valueFormatter: (v: string | null) => (v ? formatDate(v, business?.timeZone) : t`Never`),
    },
  ];
  return (
    <>
      <PageHeader
        title={t`Customers`}
        subtitle={business?.name}
        actions={
          <Button component={Link} to={pathTo("/customers/new")} variant="contained" startIcon={<AddIcon />}>
            <Trans>New customer</Trans>
          </Button>
        }
      />
      <PagedGrid
        label={t`customers`}
        testId="customers-grid"
        paging={paging}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        error={isError}
        empty={t`No customers yet. Add one, or pick one at the till when selling on credit.`}
        actions={showArchived.control}
      />
    </>
  );
}
