import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { updateBusinessInputSchema, type BusinessSettings } from "@app/shared/businesses/business";
import { describeError } from "../../api/errors.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { businessUpdated, businessUpdateFailure, businessUpdateStart } from "../../lib/session/business-slice.ts";
import { useUpdateBusinessMutation } from "../businesses/business-api.ts";

/**
 * Tax and eTIMS: the KRA PIN the business's invoices and receipts are issued under, its VAT
 * registration (products then default to band B, 16%; unregistered, every sale is band D,
 * non-VAT), and the address printed on documents.
 */
export function TaxDetailsCard({ business }: { business: BusinessSettings }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateBusinessMutation();
  const [form, setForm] = useState({
    kraPin: business.kraPin ?? "",
    vatRegistered: business.vatRegistered ?? false,
    address: business.address ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed =
    form.kraPin.trim().toUpperCase() !== (business.kraPin ?? "") ||
    form.vatRegistered !== (business.vatRegistered ?? false) ||
    form.address.trim() !== (business.address ?? "");
  async function save() {
    const parsed = updateBusinessInputSchema.safeParse(form);
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    dispatch(businessUpdateStart());
    try {
      dispatch(businessUpdated(await update({ id: business._id, ...parsed.data }).unwrap()));
      toast.success(t`Tax details saved`);
    } catch (err) {
      dispatch(businessUpdateFailure());
      const d = describeError(err);
      setErrors(d.fields);
      toast.error(d.message);
    }
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Tax and eTIMS</Trans>
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          <TextField
            label={t`KRA PIN`}
            size="small"
            value={form.kraPin}
            placeholder="P051234567X"
            onChange={(e) => setForm({ ...form, kraPin: e.target.value })}
            error={Boolean(errors.kraPin)}
            helperText={errors.kraPin ?? t`Printed on invoices and receipts; documents wait for eTIMS once it is set`}
          />
          <FormControlLabel
            control={
              <Switch
                checked={form.vatRegistered}
                onChange={(e) => setForm({ ...form, vatRegistered: e.target.checked })}
              />
            }
            label={t`Registered for VAT`}
          />
          <Typography variant="body2" color="text.secondary">
            {form.vatRegistered
              ? t`Products are VAT 16% (band B) unless their own tax type says otherwise.`
              : t`Not registered: no VAT is charged, every sale is band D (non-VAT).`}
          </Typography>
          <TextField
            label={t`Address on documents`}
            size="small"
            multiline
            minRows={2}
            value={form.address}
            onChange={(e) => setForm({ ...form, address: e.target.value })}
            error={Boolean(errors.address)}
            helperText={errors.address}
          />
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={!changed || isLoading}
            sx={{ alignSelf: "flex-start" }}
          >
            <Trans>Save</Trans>
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
