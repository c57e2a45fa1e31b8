import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Typography } from "@mui/material";
import { InventoryPage } from "../components/inventory-page.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { TransferForm } from "./transfer-form.tsx";
import { TransferLog } from "./transfer-log.tsx";

/** /transfers: move stock to another business of the same owner, copy the catalog, and the transfer log. */
export default function TransfersPage() {
  const { businessId, businesses, canTransfer, isAdmin } = useInventoryAccess();
  const destinations = businesses.filter((b) => b._id !== businessId && b.accountActive);
  return (
    <InventoryPage title={t`Transfers`}>
      {canTransfer && destinations.length > 0 && (
        <TransferForm key={businessId} businessId={businessId} destinations={destinations} />
      )}
      {canTransfer && destinations.length === 0 && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {isAdmin
            ? t`Stock can be moved between businesses of the same owner. Add another business in Settings to transfer stock to it.`
            : t`Stock moves between the owner's businesses; ask the owner to transfer it.`}
        </Alert>
      )}
      <Typography variant="h6" component="h2" gutterBottom>
        <Trans>Transfer log</Trans>
      </Typography>
      <TransferLog businessId={businessId} />
    </InventoryPage>
  );
}
