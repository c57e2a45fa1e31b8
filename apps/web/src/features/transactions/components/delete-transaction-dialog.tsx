import { t } from "@lingui/core/macro";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import type { MoneyMovement } from "@app/shared/transactions/transaction";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useDeleteTransactionMutation } from "../transactions-api.ts";

/** Asks before deleting a transaction entered by hand (its cancelling movements are recorded). */
export function DeleteTransactionDialog({
  movement,
  onClose,
}: {
  movement: MoneyMovement | null;
  onClose: () => void;
}) {
  const [remove, { isLoading }] = useDeleteTransactionMutation();
  return (
    <ConfirmDialog
      open={Boolean(movement)}
      title={t`Delete this transaction?`}
      text={
        movement
          ? t`${movement.description} (${formatKES(movement.amount)}) will be cancelled. The cash book keeps both entries.`
          : ""
      }
      confirmLabel={t`Delete`}
      busy={isLoading}
      onClose={onClose}
      onConfirm={() =>
        void remove(movement!._id)
          .unwrap()
          .then(() => (toast.success(t`Transaction deleted`), onClose()))
          .catch((err: unknown) => toast.error(describeError(err).message))
      }
    />
  );
}
