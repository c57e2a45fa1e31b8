import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Divider, Grid, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { CreditPaymentMethod } from "@app/shared/sales/credit";
import { createSupplyInputSchema, type SupplyRecord } from "@app/shared/supplies/supply";
import { describeError } from "../../../api/errors.ts";
import { DatePicker, dateToDay } from "../../../components/date-picker.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useCreateSupplyMutation } from "../supplies-api.ts";
import { DeliveryCommodityLines } from "./delivery-commodity-lines.tsx";
import { cents, instantOf, lineTotal, units, type CommodityLine, type ProductLine } from "./delivery-lines.ts";
import { DeliveryPayment } from "./delivery-payment.tsx";
import { DeliveryProductLines } from "./delivery-product-lines.tsx";
import { SupplyProductAdder } from "./supply-product-adder.tsx";

/**
 * A delivery from one supplier: products of the business (quantity, unit cost) that go into the
 * supply store, commodities (bought, not sold), what was paid on delivery and how; the rest is
 * owed (bought on credit). Checked with the API's own schema before it is sent; one
 * Idempotency-Key per delivery, so a retry records it once.
 */
export function DeliveryForm(props: { businessId: string; supplierId: string; onSaved: (s: SupplyRecord) => void }) {
  const [create, { isLoading }] = useCreateSupplyMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  const [day, setDay] = useState(() => dateToDay(new Date()));
  const [products, setProducts] = useState<ProductLine[]>([]);
  const [commodities, setCommodities] = useState<CommodityLine[]>([]);
  const [paid, setPaid] = useState("");
  const [method, setMethod] = useState<CreditPaymentMethod | "">("");
  const [receivedBy, setReceivedBy] = useState("");
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const total = [...products, ...commodities].reduce((n, l) => n + lineTotal(l), 0);
  const paidCents = paid.trim() ? cents(paid) : 0;

  async function submit() {
    setMessage(null);
    const parsed = createSupplyInputSchema.safeParse({
      businessId: props.businessId,
      supplierId: props.supplierId,
      suppliedAt: instantOf(day),
      products: products.map((l) => ({
        productId: l.productId,
        quantity: units(l.quantity),
        unitCost: cents(l.unitCost),
      })),
      commodities: commodities.map((l) => ({
        name: l.name,
        unit: l.unit || "pcs",
        quantity: units(l.quantity),
        unitCost: cents(l.unitCost),
      })),
      amountPaid: paidCents,
      ...(method ? { paymentMethod: method } : {}),
      ...(receivedBy.trim() ? { receivedBy } : {}),
      ...(notes.trim() ? { notes } : {}),
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join(".")] ??= issue.message;
      setErrors(fields);
      setMessage(t`Check the highlighted fields`);
      return;
    }
    setErrors({});
    try {
      const supply = await create({ input: parsed.data, idempotencyKey: key }).unwrap();
      toast.success(t`Supply #${supply.supplyNumber} recorded`);
      setProducts([]);
      setCommodities([]);
      setPaid("");
      setMethod("");
      setNotes("");
      setKey(newIdempotencyKey());
      props.onSaved(supply);
    } catch (err) {
      const d = describeError(err);
      setErrors(d.fields);
      setMessage(d.message);
    }
  }

  const err = (path: string) => errors[path];
  return (
    <Stack spacing={2} component="section" aria-label={t`New delivery`}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <DatePicker label={t`Delivered on`} day={day} onChange={setDay} format="dd/MM/yyyy" disableFuture />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            size="small"
            fullWidth
            label={t`Received by`}
            value={receivedBy}
            placeholder={t`You`}
            onChange={(e) => setReceivedBy(e.target.value)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField size="small" fullWidth label={t`Notes`} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </Grid>
      </Grid>

      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        <Trans>Products (into the supply store)</Trans>
      </Typography>
      <DeliveryProductLines products={products} err={err} onChange={setProducts} />
      <SupplyProductAdder
        businessId={props.businessId}
        exclude={new Set(products.map((p) => p.productId))}
        onPick={(l) => setProducts([...products, l])}
      />
      {err("products") && <Alert severity="warning">{err("products")}</Alert>}

      <Divider />
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        <Trans>Commodities (bought, not for sale: fuel, packaging, ingredients)</Trans>
      </Typography>
      <DeliveryCommodityLines commodities={commodities} err={err} onChange={setCommodities} />

      <Divider />
      <DeliveryPayment
        total={total}
        paid={paid}
        paidCents={paidCents}
        method={method}
        err={err}
        onPaid={setPaid}
        onMethod={setMethod}
      />
      {message && (
        <Alert severity="error" data-testid="delivery-error">
          {message}
        </Alert>
      )}
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button variant="contained" size="large" onClick={() => void submit()} disabled={isLoading}>
          {isLoading ? t`Recording…` : t`Record delivery`}
        </Button>
      </Box>
    </Stack>
  );
}
