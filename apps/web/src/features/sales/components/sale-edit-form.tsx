import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { mayEditSale } from "@app/shared/permissions/sales";
import { unitPriceOf } from "@app/shared/pos/cart";
import { lineName, type Sale } from "@app/shared/sales/sale";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { checkSaleEdit, editTotal, linesFromSale, paymentRowsFromSale, type EditLine } from "../sale-edit.ts";
import { useUpdateSaleMutation } from "../sales-api.ts";
import { PaymentRows } from "./payment-rows.tsx";
import { ProductSearch } from "./product-search.tsx";

/** The lines, payments and customer of a sale, saved with PUT /sales/{id}. */
export function SaleEditForm({ sale, backTo }: { sale: Sale; backTo: string }) {
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const [update, { isLoading }] = useUpdateSaleMutation();
  const ownerOnly = () =>
    t`Only the owner can put a sale on credit, raise its credit or change who owes it. Ring up a new credit sale instead, or ask the owner.`;
  const [lines, setLines] = useState(() => linesFromSale(sale));
  const [rows, setRows] = useState(() => paymentRowsFromSale(sale));
  const [customer, setCustomer] = useState({
    customerName: sale.customerName ?? "",
    customerPhone: sale.customerPhone ?? "",
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const total = editTotal(lines);
  const setQty = (i: number, text: string) =>
    setLines(lines.map((l, j) => (j === i ? { ...l, quantity: text === "" ? 0 : Number(text) } : l)));
  function add(line: EditLine) {
    const found = lines.findIndex((l) => l.productId === line.productId);
    setLines(
      found >= 0 ? lines.map((l, j) => (j === found ? { ...l, quantity: l.quantity + 1 } : l)) : [...lines, line],
    );
  }
  async function save() {
    setServerError(null);
    const check = checkSaleEdit(lines, rows, customer);
    if (!check.ok) return setFields(check.fields);
    setFields({});
    // The server's rule (permissions/sales.ts): a Manager's edit may not move money onto credit.
    const after = {
      payments: check.body.payments,
      customerName: check.body.customerName ?? sale.customerName,
      customerPhone: check.body.customerPhone ?? sale.customerPhone,
    };
    if (user && !mayEditSale(user, sale, after)) return setServerError(ownerOnly());
    try {
      await update({ channel: sale.channel, id: sale._id, body: check.body }).unwrap();
      toast.success(t`#${sale.saleNumber} saved`);
      navigate(backTo);
    } catch (err) {
      const { message, fields: serverFields } = describeError(err);
      setServerError(errorCodeOf(err) === ERROR_CODES.SALE_CREDIT_OWNER_ONLY ? ownerOnly() : message);
      setFields(serverFields);
    }
  }
  return (
    <Stack spacing={3}>
      {serverError && (
        <Alert severity="error" data-testid="sale-edit-error">
          {serverError}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" gutterBottom>
            <Trans>Products</Trans>
          </Typography>
          {fields.products && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {fields.products}
            </Alert>
          )}
          <Table size="small" aria-label={t`Sale lines`}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Product</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Price</Trans>
                </TableCell>
                <TableCell align="right" sx={{ width: 130 }}>
                  <Trans>Quantity</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Total</Trans>
                </TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((l, i) => (
                <TableRow key={l.productId}>
                  <TableCell>{lineName(l)}</TableCell>
                  <TableCell align="right">{formatKES(l.unitPrice)}</TableCell>
                  <TableCell align="right">
                    <TextField
                      size="small"
                      type="number"
                      value={l.quantity || ""}
                      onChange={(e) => setQty(i, e.target.value)}
                      error={Boolean(fields[`products.${i}.quantity`])}
                      helperText={fields[`products.${i}.quantity`]}
                      slotProps={{ htmlInput: { min: 1, step: 1, "aria-label": `Quantity of ${l.name}` } }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {formatKES(l.unitPrice * (Number.isInteger(l.quantity) ? l.quantity : 0))}
                  </TableCell>
                  <TableCell align="right">
                    <IconButton
                      aria-label={t`Remove ${l.name}`}
                      onClick={() => setLines(lines.filter((_, j) => j !== i))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Box sx={{ mt: 2 }}>
            <ProductSearch
              businessId={sale.businessId}
              priceOf={(p) => unitPriceOf(p, sale.channel)}
              onPick={(p) =>
                add({ productId: p._id, name: p.name, unitPrice: unitPriceOf(p, sale.channel), quantity: 1 })
              }
            />
          </Box>
          <Typography variant="h6" sx={{ mt: 2, textAlign: "right" }} data-testid="sale-edit-total">
            <Trans>Total {formatKES(total)}</Trans>
          </Typography>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" gutterBottom>
            <Trans>Payments</Trans>
          </Typography>
          {fields.payments && (
            <Alert severity="error" sx={{ mb: 1.5 }}>
              {fields.payments}
            </Alert>
          )}
          <PaymentRows rows={rows} total={total} fields={fields} onChange={setRows} />
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <TextField
              size="small"
              label={t`Customer name`}
              value={customer.customerName}
              onChange={(e) => setCustomer({ ...customer, customerName: e.target.value })}
              error={Boolean(fields.customerName)}
              helperText={fields.customerName}
            />
            <TextField
              size="small"
              label={t`Customer phone`}
              value={customer.customerPhone}
              onChange={(e) => setCustomer({ ...customer, customerPhone: e.target.value })}
              error={Boolean(fields.customerPhone)}
              helperText={fields.customerPhone}
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
            />
          </Stack>
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
          <Trans>Save changes</Trans>
        </Button>
        <Button onClick={() => navigate(backTo)}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </Stack>
  );
}
