import { t } from "@lingui/core/macro";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { IconButton, TextField, Typography } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import { CentsField } from "../../../components/cents-field.tsx";
import { DeliveryLineRow as Row } from "./delivery-line-row.tsx";
import { lineTotal, type FieldError, type ProductLine } from "./delivery-lines.ts";

type Props = { products: ProductLine[]; err: FieldError; onChange: (products: ProductLine[]) => void };

/** The delivery's products: quantity and unit cost each, their total, and Remove. */
export function DeliveryProductLines({ products, err, onChange: setProducts }: Props) {
  const setProduct = (i: number, patch: Partial<ProductLine>) =>
    setProducts(products.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return products.map((l, i) => (
    <Row key={l.productId}>
      <TextField size="small" label={t`Product`} value={l.name} disabled sx={{ flex: 1, minWidth: 180 }} />
      <TextField
        size="small"
        label={t`Quantity (${l.unit})`}
        value={l.quantity}
        onChange={(e) => setProduct(i, { quantity: e.target.value.replace(/[^\d-]/g, "") })}
        error={Boolean(err(`products.${i}.quantity`))}
        helperText={err(`products.${i}.quantity`)}
        slotProps={{ htmlInput: { inputMode: "numeric", "aria-label": t`Quantity of ${l.name}` } }}
        sx={{ width: 130 }}
      />
      <CentsField
        size="small"
        label={t`Unit cost`}
        value={l.unitCost}
        onChange={(v) => setProduct(i, { unitCost: v })}
        error={Boolean(err(`products.${i}.unitCost`))}
        helperText={err(`products.${i}.unitCost`)}
        sx={{ width: 160 }}
        slotProps={{ htmlInput: { "aria-label": t`Unit cost of ${l.name}` } }}
      />
      <Typography sx={{ width: 130, pt: 1, textAlign: "right" }}>{formatKES(lineTotal(l))}</Typography>
      <IconButton aria-label={t`Remove ${l.name}`} onClick={() => setProducts(products.filter((_l, j) => j !== i))}>
        <DeleteIcon />
      </IconButton>
    </Row>
  ));
}
