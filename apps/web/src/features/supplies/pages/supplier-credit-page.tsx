import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import { useState } from "react";
import { formatKES } from "@app/shared/money/money";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { SuppliesGrid } from "../components/supplies-grid.tsx";
import { SuppliesNav } from "../components/supplies-nav.tsx";
import { useSupplyCreditSummaryQuery } from "../supplies-api.ts";

/** /supplier/credit: supplies bought on credit and paid back in parts (Pending, Partial, Cleared). */
export default function SupplierCreditPage() {
  const business = useAppSelector((s) => s.business.current);
  const [owingOnly, setOwingOnly] = useState(true);
  const summary = useSupplyCreditSummaryQuery(business?._id ?? "", {
    skip: !business,
    refetchOnMountOrArgChange: true,
  });
  return (
    <>
      <PageHeader title={t`Supplier Credit`} subtitle={business?.name} />
      <SuppliesNav />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
          <Stack
            direction="row"
            sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 2 }}
          >
            <Box>
              <Typography variant="body2" color="text.secondary">
                <Trans>Owed on supplies bought on credit</Trans>
              </Typography>
              <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="supply-credit-total">
                {summary.data ? formatKES(summary.data.balance) : "-"}
              </Typography>
              {summary.data && (
                <Typography variant="body2" color="text.secondary">
                  <Trans>
                    {summary.data.open} of {summary.data.supplies} supplies still owing;{" "}
                    {formatKES(summary.data.amountPaid)} paid of {formatKES(summary.data.amount)}
                  </Trans>
                </Typography>
              )}
            </Box>
            <FormControlLabel
              label={t`Still owing only`}
              control={<Switch checked={owingOnly} onChange={(e) => setOwingOnly(e.target.checked)} />}
            />
          </Stack>
        </CardContent>
      </Card>
      <SuppliesGrid
        key={String(owingOnly)}
        filter={{ credit: "true", ...(owingOnly ? { open: "true" as const } : {}) }}
        testId="supplier-credit-grid"
        empty={owingOnly ? t`Nothing is owed to suppliers.` : t`No supplies were bought on credit.`}
      />
    </>
  );
}
