import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Button,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatCentsPlain } from "@app/shared/money/money";
import { promotionFormSchema, type Promotion, type PromotionKind } from "@app/shared/pos/promotion-schema";
import { isoOfLocal, localOfIso } from "@app/shared/pos/promotions";
import { describeError } from "../../../api/errors.ts";
import { CentsField, centsOf } from "../../../components/cents-field.tsx";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { TimeSelect } from "../../../components/time-select.tsx";
import { PeriodField } from "./period-field.tsx";
import { useCreatePromotionMutation, useUpdatePromotionMutation } from "../api/promotions-api.ts";
import { ProductPicker } from "../transfers/product-picker.tsx";
import { dayLabels, kindLabel } from "./promotion-text.ts";

type Props = { businessId: string; timeZone: string; promotion: Promotion | null; onClose: () => void };

const money = (c: number | null) => (c == null ? "" : formatCentsPlain(c));
const whole = (text: string) => (text.trim() ? Number(text) : null);

/** Add or change a promotion: products, kind and its values, period, days and daily hours. */
export function PromotionDialog({ businessId, timeZone, promotion: p, onClose }: Props) {
  const [name, setName] = useState(p?.name ?? "");
  const [products, setProducts] = useState(
    (p?.productIds ?? []).map((id, i) => ({ _id: id, name: p?.productNames[i] ?? id })),
  );
  const [kind, setKind] = useState<PromotionKind>(p?.kind ?? "quantityBreak");
  const [unitPrice, setUnitPrice] = useState(money(p?.unitPrice ?? null));
  const [buy, setBuy] = useState(String(p?.buyQuantity ?? ""));
  const [free, setFree] = useState(String(p?.freeQuantity ?? ""));
  const [breakQuantity, setBreakQuantity] = useState(String(p?.breakQuantity ?? ""));
  const [breakAmount, setBreakAmount] = useState(money(p?.breakAmount ?? null));
  const [startsAt, setStartsAt] = useState(localOfIso(p?.startsAt ?? null, timeZone));
  const [endsAt, setEndsAt] = useState(localOfIso(p?.endsAt ?? null, timeZone));
  const [days, setDays] = useState<number[]>(p?.days ?? []);
  const [dailyFrom, setDailyFrom] = useState(p?.dailyFrom ?? "");
  const [dailyTo, setDailyTo] = useState(p?.dailyTo ?? "");
  const [active, setActive] = useState(p?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, created] = useCreatePromotionMutation();
  const [update, updated] = useUpdatePromotionMutation();

  async function save() {
    const parsed = promotionFormSchema.safeParse({
      name,
      kind,
      productIds: products.map((x) => x._id),
      unitPrice: kind === "price" ? centsOf(unitPrice) : null,
      buyQuantity: kind === "buyXgetY" ? whole(buy) : null,
      freeQuantity: kind === "buyXgetY" ? whole(free) : null,
      breakQuantity: kind === "quantityBreak" ? whole(breakQuantity) : null,
      breakAmount: kind === "quantityBreak" ? centsOf(breakAmount) : null,
      startsAt: isoOfLocal(startsAt, timeZone),
      endsAt: isoOfLocal(endsAt, timeZone),
      days,
      dailyFrom: dailyFrom || null,
      dailyTo: dailyTo || null,
      active,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      if (p) await update({ id: p._id, body: parsed.data }).unwrap();
      else await create({ businessId, ...parsed.data }).unwrap();
      toast.success(t`Promotion saved`);
      onClose();
    } catch (err) {
      const { message, fields } = describeError(err);
      setErrors(fields);
      toast.error(message);
    }
  }
  const field = (key: string) => ({ error: Boolean(errors[key]), helperText: errors[key] ?? " " });
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm">
      <DialogTitle>{p ? t`Change promotion` : t`New promotion`}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextField label={t`Name`} value={name} onChange={(e) => setName(e.target.value)} {...field("name")} />
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
            {products.map((x) => (
              <Chip key={x._id} label={x.name} onDelete={() => setProducts(products.filter((y) => y._id !== x._id))} />
            ))}
          </Stack>
          <ProductPicker
            businessId={businessId}
            anyStock
            exclude={new Set(products.map((x) => x._id))}
            onPick={(x) => setProducts([...products, { _id: x._id, name: x.name }])}
          />
          <Typography variant="caption" color={errors.productIds ? "error" : "text.secondary"}>
            {errors.productIds ?? t`The products it applies to`}
          </Typography>
          <TextField select label={t`Kind`} value={kind} onChange={(e) => setKind(e.target.value as PromotionKind)}>
            {(["quantityBreak", "buyXgetY", "price"] as const).map((k) => (
              <MenuItem key={k} value={k}>
                {kindLabel(k)}
              </MenuItem>
            ))}
          </TextField>
          {kind === "price" && (
            <CentsField
              label={t`Special price each`}
              value={unitPrice}
              onChange={setUnitPrice}
              {...field("unitPrice")}
            />
          )}
          {kind === "buyXgetY" && (
            <Stack direction="row" spacing={1}>
              <TextField
                label={t`Buy`}
                value={buy}
                onChange={(e) => setBuy(e.target.value)}
                {...field("buyQuantity")}
              />
              <TextField
                label={t`Get free`}
                value={free}
                onChange={(e) => setFree(e.target.value)}
                {...field("freeQuantity")}
              />
            </Stack>
          )}
          {kind === "quantityBreak" && (
            <Stack direction="row" spacing={1}>
              <TextField
                label={t`Units`}
                value={breakQuantity}
                onChange={(e) => setBreakQuantity(e.target.value)}
                {...field("breakQuantity")}
              />
              <CentsField label={t`For`} value={breakAmount} onChange={setBreakAmount} {...field("breakAmount")} />
            </Stack>
          )}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
            <PeriodField label={t`From (optional)`} value={startsAt} onChange={setStartsAt} {...field("startsAt")} />
            <PeriodField label={t`Until (optional)`} value={endsAt} onChange={setEndsAt} {...field("endsAt")} />
          </Stack>
          <Typography variant="body2">
            <Trans>Days (none chosen: every day)</Trans>
          </Typography>
          <ToggleButtonGroup
            value={days}
            onChange={(_e, v: number[]) => setDays(v)}
            size="small"
            aria-label={t`Days`}
            sx={{ flexWrap: "wrap" }}
          >
            {dayLabels().map((label, i) => (
              <ToggleButton key={label} value={i + 1}>
                {label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
            {/* Times of day in 30-minute steps (spec section 9); "All day" leaves the window out. */}
            <TimeSelect
              label={t`Daily from`}
              value={dailyFrom}
              onChange={setDailyFrom}
              noneLabel={t`All day`}
              fullWidth
              {...field("dailyFrom")}
            />
            <TimeSelect
              label={t`Daily until`}
              value={dailyTo}
              onChange={setDailyTo}
              noneLabel={t`All day`}
              fullWidth
              {...field("dailyTo")}
            />
          </Stack>
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label={t`On`}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={created.isLoading || updated.isLoading}>
          <Trans>Save</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
