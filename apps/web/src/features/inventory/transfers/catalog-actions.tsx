import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Business } from "@app/shared/businesses/business";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { newIdempotencyKey } from "../api/idempotency-key.ts";
import { useCopyCatalogMutation, useTransferAllProductsMutation } from "../api/transfers-api.ts";

type Action = "copy" | "all" | null;

/** Copy the whole catalog (no quantities), or move all stock, to the chosen business, after asking. */
export function CatalogActions({ businessId, destination }: { businessId: string; destination: Business | undefined }) {
  const [asking, setAsking] = useState<Action>(null);
  const [copy, { isLoading: copying }] = useCopyCatalogMutation();
  const [moveAll, { isLoading: moving }] = useTransferAllProductsMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  if (!destination) return null;
  const body = { businessId, toBusinessId: destination._id };

  async function run() {
    try {
      const done = asking === "copy" ? await copy({ body, key }).unwrap() : await moveAll({ body, key }).unwrap();
      toast.success(
        asking === "copy"
          ? `Copied ${done.lines.length} products to ${done.toBusinessName}`
          : `Moved the stock of ${done.lines.length} products to ${done.toBusinessName}`,
      );
      setKey(newIdempotencyKey());
    } catch (err) {
      if ((err as { status?: unknown }).status !== "FETCH_ERROR") setKey(newIdempotencyKey());
      toast.error(describeError(err).message);
    } finally {
      setAsking(null);
    }
  }

  return (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" onClick={() => setAsking("copy")}>
        Copy catalog
      </Button>
      <Button variant="outlined" color="warning" onClick={() => setAsking("all")}>
        Transfer all stock
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === "copy" ? `Copy the catalog to ${destination.name}?` : `Move ALL stock to ${destination.name}?`
        }
        text={
          asking === "copy"
            ? `Every product is created at ${destination.name} (matched by SKU or barcode when it already exists there), with no quantities.`
            : `Every unit of every product leaves this business and goes to ${destination.name}. This business is left with no stock.`
        }
        confirmLabel={asking === "copy" ? "Copy catalog" : "Transfer all stock"}
        busy={copying || moving}
        onConfirm={() => void run()}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
