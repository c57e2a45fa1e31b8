import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Divider,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState, type ReactNode } from "react";
import { toast } from "react-toastify";
import { formatCentsPlain, formatKES, parseKES } from "@app/shared/money/money";
import { CREDIT_PAYMENT_METHODS, type CreditPaymentMethod } from "@app/shared/sales/credit";
import { createSupplyInputSchema, type SupplyRecord } from "@app/shared/supplies/supply";
import { describeError } from "../../../api/errors.ts";
import { CentsField } from "../../../components/cents-field.tsx";
import { DatePicker, dateToDay, dayToDate } from "../../../components/date-picker.tsx";
import { useCreateSupplyMutation, useSearchSupplyProductsQuery } from "../supplies-api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";

type ProductLine = { productId: string; name: string; unit: string; quantity: string; unitCost: string };
type CommodityLine = { name: string; unit: string; quantity: string; unitCost: string };

const cents = (text: string) => parseKES(text.trim()) ?? Number.NaN;
const units = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const lineTotal = (l: { quantity: string; unitCost: string }) => {
  const v = units(l.quantity) * cents(l.unitCost);
  return Number.isFinite(v) ? v : 0;
};

/** The instant for a chosen day: now when it is today, else that day at the current time of day. */
function instantOf(day: string): string {
  const now = new Date();
  if (day === dateToDay(now)) return now.toISOString();
  const d = dayToDate(day);
  d.setHours(now.getHours(), now.getMinutes());
  return d.toISOString();
}

/** Finds a product of the business by name, SKU or barcode (the Supplies area's own search). */
function ProductAdder({
  businessId,
  exclude,
  onPick,
}: {
  businessId: string;
  exclude: Set<string>;
  onPick: (l: ProductLine) => void;
}) {
  const [input, setInput] = useState("");
  const q = useDebouncedValue(input.trim(), 250);
  const { data, isFetching } = useSearchSupplyProductsQuery({ businessId, ...(q ? { q } : {}) });
  const options = (data ?? []).filter((p) => !exclude.has(p._id));
  return (
    <Autocomplete
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_e, v, reason) => reason !== "reset" && setInput(v)}
      onChange={(_e, p) => {
        if (!p) return;
        onPick({
          productId: p._id,
          name: p.name,
          unit: p.unit,
          quantity: "1",
          unitCost: p.buyingPrice ? formatCentsPlain(p.buyingPrice) : "",
        });
        setInput("");
      }}
      filterOptions={(x) => x}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={isFetching}
      noOptionsText={q ? t`No product matches` : t`No products`}
      renderOption={({ key: _key, ...props }, p) => (
        <li key={p._id} {...props}>
          {p.name}
          {p.sku ? ` · ${p.sku}` : ""} · {t`cost ${formatKES(p.buyingPrice)}`}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t`Add a product`}
          placeholder={t`Search by name, SKU or barcode`}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, "data-testid": "supply-product-search" },
          }}
        />
      )}
      sx={{ flex: 1, minWidth: 240 }}
    />
  );
}

const Row = ({ children }: { children: ReactNode }) => (
  <Stack
    direction="row"
    spacing={1}
    sx={{ alignItems: "flex-start", flexWrap: { xs: "wrap", md: "nowrap" }, rowGap: 1 }}
  >
    {children}
  </Stack>
);

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
  const setProduct = (i: number, patch: Partial<ProductLine>) =>
    setProducts(products.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const setCommodity = (i: number, patch: Partial<CommodityLine>) =>
    setCommodities(commodities.map((l, j) => (j === i ? { ...l, ...patch } : l)));

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
      {products.map((l, i) => (
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
      ))}
      <ProductAdder
        businessId={props.businessId}
        exclude={new Set(products.map((p) => p.productId))}
        onPick={(l) => setProducts([...products, l])}
      />
      {err("products") && <Alert severity="warning">{err("products")}</Alert>}

      <Divider />
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        <Trans>Commodities (bought, not for sale: fuel, packaging, ingredients)</Trans>
      </Typography>
      {commodities.map((l, i) => (
        <Row key={i}>
          <TextField
            size="small"
            label={t`Commodity`}
            value={l.name}
            onChange={(e) => setCommodity(i, { name: e.target.value })}
            error={Boolean(err(`commodities.${i}.name`))}
            helperText={err(`commodities.${i}.name`)}
            sx={{ flex: 1, minWidth: 160 }}
          />
          <TextField
            size="small"
            label={t`Unit`}
            value={l.unit}
            placeholder="pcs"
            onChange={(e) => setCommodity(i, { unit: e.target.value })}
            sx={{ width: 90 }}
          />
          <TextField
            size="small"
            label={t`Quantity`}
            value={l.quantity}
            onChange={(e) => setCommodity(i, { quantity: e.target.value.replace(/[^\d-]/g, "") })}
            error={Boolean(err(`commodities.${i}.quantity`))}
            helperText={err(`commodities.${i}.quantity`)}
            slotProps={{ htmlInput: { inputMode: "numeric", "aria-label": t`Quantity of commodity ${i + 1}` } }}
            sx={{ width: 100 }}
          />
          <CentsField
            size="small"
            label={t`Unit cost`}
            value={l.unitCost}
            onChange={(v) => setCommodity(i, { unitCost: v })}
            error={Boolean(err(`commodities.${i}.unitCost`))}
            helperText={err(`commodities.${i}.unitCost`)}
            sx={{ width: 160 }}
            slotProps={{ htmlInput: { "aria-label": t`Unit cost of commodity ${i + 1}` } }}
          />
          <Typography sx={{ width: 130, pt: 1, textAlign: "right" }}>{formatKES(lineTotal(l))}</Typography>
          <IconButton
            aria-label={t`Remove commodity ${i + 1}`}
            onClick={() => setCommodities(commodities.filter((_l, j) => j !== i))}
          >
            <DeleteIcon />
          </IconButton>
        </Row>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          size="small"
          onClick={() => setCommodities([...commodities, { name: "", unit: "", quantity: "1", unitCost: "" }])}
        >
          <Trans>Add a commodity</Trans>
        </Button>
      </Box>

      <Divider />
      <Grid container spacing={2} sx={{ alignItems: "flex-start" }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Typography color="text.secondary" variant="body2">
            <Trans>Total</Trans>
          </Typography>
          <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="delivery-total">
            {formatKES(total)}
          </Typography>
          <Typography color="text.secondary" variant="body2" data-testid="delivery-owed">
            {Number.isFinite(paidCents) && paidCents <= total
              ? t`On credit: ${formatKES(total - paidCents)}`
              : t`The amount paid cannot be more than the total`}
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <CentsField
            size="small"
            fullWidth
            label={t`Paid on delivery`}
            value={paid}
            onChange={setPaid}
            error={Boolean(err("amountPaid"))}
            helperText={err("amountPaid")}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
            <Button size="small" onClick={() => setPaid("")}>
              <Trans>Nothing</Trans>
            </Button>
            <Button size="small" onClick={() => setPaid(formatCentsPlain(Math.floor(total / 2)))}>
              <Trans>Half</Trans>
            </Button>
            <Button size="small" onClick={() => setPaid(formatCentsPlain(total))}>
              <Trans>All</Trans>
            </Button>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t`Paid by`}
            value={method}
            onChange={(e) => setMethod(e.target.value as CreditPaymentMethod)}
            error={Boolean(err("paymentMethod"))}
            helperText={err("paymentMethod")}
          >
            <MenuItem value="">
              <Trans>Not paid</Trans>
            </MenuItem>
            {CREDIT_PAYMENT_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {m}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
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
