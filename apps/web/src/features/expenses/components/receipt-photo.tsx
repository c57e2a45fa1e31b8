import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import { Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { toast } from "react-toastify";
import type { Expense } from "@app/shared/expenses/expense";
import { imageFileProblem } from "@app/shared/inventory/product-form";
import { describeError } from "../../../api/errors.ts";
import { useRemoveExpenseReceiptMutation, useUploadExpenseReceiptMutation } from "../expenses-api.ts";

/** The photo of an expense's receipt: taken or chosen (JPEG, PNG or WebP up to 5 MB, as product images), shown, removed. */
export function ReceiptPhoto({ expense, readOnly }: { expense: Expense; readOnly: boolean }) {
  const [upload, { isLoading }] = useUploadExpenseReceiptMutation();
  const [remove, { isLoading: removing }] = useRemoveExpenseReceiptMutation();
  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return void toast.error(problem);
    try {
      await upload({ id: expense._id, file }).unwrap();
      toast.success(t`Receipt photo saved`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Receipt photo</Trans>
        </Typography>
        {expense.receiptImage ? (
          <Box
            component="img"
            src={expense.receiptImage}
            alt={t`Receipt of ${expense.paidTo}`}
            sx={{ maxWidth: "100%", maxHeight: 420, borderRadius: 1, border: 1, borderColor: "divider" }}
          />
        ) : (
          <Typography color="text.secondary">
            <Trans>No photo of the receipt yet.</Trans>
          </Typography>
        )}
        {!readOnly && (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} disabled={isLoading}>
              {expense.receiptImage ? t`Replace photo` : t`Add a photo`}
              <input
                hidden
                type="file"
                accept="image/jpeg,image/png,image/webp"
                capture="environment"
                onChange={(e) => void choose(e.target.files?.[0])}
              />
            </Button>
            {expense.receiptImage && (
              <Button
                color="error"
                disabled={removing}
                onClick={() =>
                  void remove(expense._id)
                    .unwrap()
                    .catch((err: unknown) => toast.error(describeError(err).message))
                }
              >
                <Trans>Remove photo</Trans>
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
