import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import DeleteIcon from "@mui/icons-material/Delete";
import { IconButton, Table, TableBody, TableCell, TableHead, TableRow, TextField } from "@mui/material";
import type { Product } from "@app/shared/inventory/product";

export type TransferLine = { product: Product; quantity: string };

/** The products chosen for a transfer, each with the quantity to move (at most what is in stock). */
export function TransferLines({
  lines,
  errors,
  onChange,
  onRemove,
}: {
  lines: TransferLine[];
  errors: Record<string, string>;
  onChange: (id: string, quantity: string) => void;
  onRemove: (id: string) => void;
}) {
  return (
    <Table size="small" aria-label={t`Products to transfer`}>
      <TableHead>
        <TableRow>
          <TableCell>
            <Trans>Product</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>In stock</Trans>
          </TableCell>
          <TableCell sx={{ width: 180 }}>
            <Trans>Quantity to transfer</Trans>
          </TableCell>
          <TableCell sx={{ width: 56 }} />
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map(({ product, quantity }) => (
          <TableRow key={product._id}>
            <TableCell>{product.name}</TableCell>
            <TableCell align="right">{product.quantity}</TableCell>
            <TableCell>
              <TextField
                size="small"
                value={quantity}
                onChange={(e) => onChange(product._id, e.target.value)}
                error={Boolean(errors[product._id])}
                helperText={errors[product._id]}
                slotProps={{ htmlInput: { inputMode: "numeric", "aria-label": `Quantity of ${product.name}` } }}
              />
            </TableCell>
            <TableCell>
              <IconButton aria-label={t`Remove ${product.name}`} onClick={() => onRemove(product._id)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
