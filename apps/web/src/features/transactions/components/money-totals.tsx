import { t } from "@lingui/core/macro";
import { Stack } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import type { TransactionPage } from "@app/shared/transactions/transaction";
import { FigureCard } from "../../../components/figure-card.tsx";
import { methodLabel } from "../transaction-texts.ts";

/** The period's money in, out and net, and each method's net beside (all from the server's sums). */
export function MoneyTotals({ totals }: { totals: TransactionPage["totals"] }) {
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }} data-testid="money-totals">
      <FigureCard label={t`Money in`} value={formatKES(totals.in)} tone="success" />
      <FigureCard label={t`Money out`} value={formatKES(totals.out)} tone="error" />
      <FigureCard label={t`Net`} value={formatKES(totals.net)} />
      {totals.byMethod.map((m) => (
        <FigureCard
          key={m.method}
          label={methodLabel(m.method)}
          value={formatKES(m.in - m.out)}
          hint={t`in ${formatKES(m.in)} · out ${formatKES(m.out)}`}
        />
      ))}
    </Stack>
  );
}
