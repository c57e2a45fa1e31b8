import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { type MoneyMethod, type MoneyMovement } from "@app/shared/transactions/transaction";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { initialPeriod, PeriodFilter, rangeOf } from "../../../components/period-filter.tsx";
import { CashUpDialog } from "../components/cash-up-dialog.tsx";
import { CashUpsCard } from "../components/cash-ups-card.tsx";
import { DeleteTransactionDialog } from "../components/delete-transaction-dialog.tsx";
import { NewTransactionDialog } from "../components/new-transaction-dialog.tsx";
import { MoneyTotals } from "../components/money-totals.tsx";
import { useTransactionColumns } from "../components/transaction-columns.tsx";
import { useListTransactionsQuery } from "../transactions-api.ts";
import { MoneyMethodFilter } from "../../../components/money-method-filter.tsx";

/**
 * /transactions: the cash book. Every movement of money of the business (sales, credit
 * repayments, invoice payments, expenses, entries by hand), newest first, with the period's
 * totals from the ledger; the end-of-day cash-up and its Z reports below.
 */
export default function TransactionsPage() {
  const business = useAppSelector((s) => s.business.current);
  const user = useAppSelector((s) => s.session.user);
  const timeZone = business?.timeZone ?? DEFAULT_TIME_ZONE;
  const [period, setPeriod] = useState(() => initialPeriod(timeZone, "today"));
  const [method, setMethod] = useState<MoneyMethod | "">("");
  const [adding, setAdding] = useState(false);
  const [cashingUp, setCashingUp] = useState(false);
  const [deleting, setDeleting] = useState<MoneyMovement | null>(null);
  const paging = useSearchPaging(25);
  const { data, isFetching, isError } = useListTransactionsQuery(
    { businessId: business?._id ?? "", ...rangeOf(period, timeZone), method: method || undefined, ...paging.query },
    { skip: !business, refetchOnMountOrArgChange: true },
  );
  const columns = useTransactionColumns(timeZone, Boolean(user?.isAdmin), setDeleting);
  return (
    <>
      <PageHeader
        title={t`Transactions`}
        subtitle={business?.name}
        actions={
          <>
            <Button variant="outlined" onClick={() => setAdding(true)}>
              <Trans>New transaction</Trans>
            </Button>
            <Button variant="contained" onClick={() => setCashingUp(true)}>
              <Trans>Cash-up</Trans>
            </Button>
          </>
        }
      />
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1, alignItems: "center" }}>
          <PeriodFilter value={period} onChange={(v) => (setPeriod(v), paging.setPage(0))} />
          <MoneyMethodFilter value={method} onChange={(m) => (setMethod(m), paging.setPage(0))} />
        </Stack>
        {data && <MoneyTotals totals={data.totals} />}
        <PagedGrid
          label={t`transactions`}
          testId="transactions-grid"
          paging={paging}
          rows={data?.items ?? []}
          total={data?.total ?? 0}
          columns={columns}
          loading={isFetching}
          error={isError}
          empty={t`No money moved in this period.`}
        />
        {business && <CashUpsCard businessId={business._id} timeZone={timeZone} />}
      </Stack>
      {adding && business && <NewTransactionDialog businessId={business._id} onClose={() => setAdding(false)} />}
      {cashingUp && business && user && (
        <CashUpDialog businessId={business._id} isOwner={user.isAdmin} onClose={() => setCashingUp(false)} />
      )}
      <DeleteTransactionDialog movement={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
