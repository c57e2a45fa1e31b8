import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { Link } from "react-router";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import type { Expense } from "@app/shared/expenses/expense";
import { formatKES } from "@app/shared/money/money";
import { type MoneyMethod } from "@app/shared/transactions/transaction";
import { useAppSelector } from "../../../app/hooks.ts";
import { FigureCard } from "../../../components/figure-card.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { initialPeriod, PeriodFilter, rangeOf } from "../../../components/period-filter.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { CategoryDialog } from "../components/category-dialog.tsx";
import { ExpenseDialog } from "../components/expense-dialog.tsx";
import { useListExpenseCategoriesQuery, useListExpensesQuery } from "../expenses-api.ts";
import { MoneyMethodFilter } from "../../../components/money-method-filter.tsx";

/** /expenses: what the business spent in a period, by category and method, with what is tax-deductible. */
export default function ExpensesPage() {
  const business = useAppSelector((s) => s.business.current);
  const timeZone = business?.timeZone ?? DEFAULT_TIME_ZONE;
  const businessId = business?._id ?? "";
  const [period, setPeriod] = useState(() => initialPeriod(timeZone, "month"));
  const [categoryId, setCategoryId] = useState("");
  const [method, setMethod] = useState<MoneyMethod | "">("");
  const [dialog, setDialog] = useState<"expense" | "category" | null>(null);
  const paging = useSearchPaging(25);
  const { data: categories = [] } = useListExpenseCategoriesQuery(businessId, { skip: !business });
  const { data, isFetching, isError } = useListExpensesQuery(
    {
      businessId,
      ...rangeOf(period, timeZone),
      categoryId: categoryId || undefined,
      method: method || undefined,
      ...paging.query,
    },
    { skip: !business, refetchOnMountOrArgChange: true },
  );
  const columns: GridColDef<Expense>[] = [
    { field: "spentAt", headerName: t`Date`, width: 115, valueFormatter: (v: string) => formatDate(v, timeZone) },
    {
      field: "paidTo",
      headerName: t`Paid to`,
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Box>
          <Typography
            variant="body2"
            component={Link}
            to={pathTo("/expenses/:expenseId", { expenseId: row._id })}
            sx={{ fontWeight: 600 }}
          >
            {row.paidTo}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {row.category}
            {row.fromTill ? ` · ${t`cash from the till`}` : ""}
          </Typography>
        </Box>
      ),
    },
    { field: "method", headerName: t`Method`, width: 120 },
    {
      field: "amount",
      headerName: t`Amount`,
      width: 130,
      align: "right",
      headerAlign: "right",
      valueFormatter: (v: number) => formatKES(v),
    },
    {
      field: "hasEtimsInvoice",
      headerName: t`eTIMS invoice`,
      width: 150,
      renderCell: ({ row }) =>
        row.etimsPurchaseId ? (
          <Chip size="small" color="success" label={t`From KRA`} />
        ) : row.hasEtimsInvoice ? (
          <Chip size="small" color="success" label={t`Yes`} />
        ) : (
          <Chip size="small" color="warning" variant="outlined" label={t`No: not deductible`} />
        ),
    },
  ];
  const totals = data?.totals;
  return (
    <>
      <PageHeader
        title={t`Expenses`}
        subtitle={business?.name}
        actions={
          <>
            <Button variant="outlined" onClick={() => setDialog("category")}>
              <Trans>Add category</Trans>
            </Button>
            <Button variant="contained" onClick={() => setDialog("expense")}>
              <Trans>Record expense</Trans>
            </Button>
          </>
        }
      />
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
          <PeriodFilter value={period} onChange={(v) => (setPeriod(v), paging.setPage(0))} />
          <TextField
            select
            size="small"
            label={t`Category`}
            value={categoryId}
            onChange={(e) => (setCategoryId(e.target.value), paging.setPage(0))}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">
              <Trans>All categories</Trans>
            </MenuItem>
            {categories.map((c) => (
              <MenuItem key={c._id} value={c._id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <MoneyMethodFilter value={method} onChange={(m) => (setMethod(m), paging.setPage(0))} />
        </Stack>
        {totals && (
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }} data-testid="expense-totals">
            <FigureCard label={t`Total spent`} value={formatKES(totals.amount)} hint={t`${totals.count} expenses`} />
            <FigureCard
              label={t`With an eTIMS invoice (deductible)`}
              value={formatKES(totals.deductible)}
              tone="success"
            />
            <FigureCard
              label={t`Without an eTIMS invoice`}
              value={formatKES(totals.nonDeductible)}
              tone={totals.nonDeductible ? "warning" : undefined}
              hint={t`Expenses without an eTIMS invoice are not tax-deductible in Kenya.`}
            />
          </Stack>
        )}
        {totals && totals.byCategory.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
            {totals.byCategory.map((c) => (
              <Chip key={c.categoryId} variant="outlined" label={`${c.category}: ${formatKES(c.amount)}`} />
            ))}
          </Stack>
        )}
        <PagedGrid
          label={t`expenses`}
          testId="expenses-grid"
          paging={paging}
          rows={data?.items ?? []}
          total={data?.total ?? 0}
          columns={columns}
          loading={isFetching}
          error={isError}
          empty={t`No expenses in this period.`}
        />
      </Stack>
      {dialog === "expense" && business && (
        <ExpenseDialog businessId={businessId} timeZone={timeZone} onClose={() => setDialog(null)} />
      )}
      {dialog === "category" && business && <CategoryDialog businessId={businessId} onClose={() => setDialog(null)} />}
    </>
  );
}
