import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { addBusinessInputSchema } from "@app/shared/accounts/auth";
import { BUSINESS_TYPES, type BusinessType } from "@app/shared/businesses/business";
import { describeError } from "../../api/errors.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { businessTypeLabel } from "../../lib/business-types.ts";
import { businessApi, useAddBusinessMutation } from "../businesses/business-api.ts";
import { businessesFetched } from "../../lib/session/business-slice.ts";

/** An owner adds another business (a branch, a second shop) to the same account. */
export function AddBusinessCard() {
  const dispatch = useAppDispatch();
  const [add, { isLoading }] = useAddBusinessMutation();
  const [form, setForm] = useState<{ businessName: string; businessType: BusinessType }>({
    businessName: "",
    businessType: "general",
  });
  const [error, setError] = useState("");
  async function submit() {
    const parsed = addBusinessInputSchema.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid");
    let added: { name: string };
    try {
      added = (await add(parsed.data).unwrap()).business;
    } catch (err) {
      toast.error(describeError(err).message);
      return;
    }
    // The business exists from here: say so at once, then bring the bar's list up to date (a slow
    // list no longer holds back the confirmation, nor leaves the name in the form to be sent twice).
    toast.success(t`${added.name} added. Switch to it from the bar at the top.`);
    setForm({ businessName: "", businessType: "general" });
    setError("");
    const refresh = dispatch(businessApi.endpoints.listBusinesses.initiate(undefined, { forceRefetch: true }));
    try {
      dispatch(businessesFetched(await refresh.unwrap()));
    } catch (err) {
      toast.error(describeError(err).message);
    } finally {
      refresh.unsubscribe();
    }
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Add a business</Trans>
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
          <TextField
            label={t`Business name`}
            size="small"
            value={form.businessName}
            onChange={(e) => setForm({ ...form, businessName: e.target.value })}
            error={Boolean(error)}
            helperText={error}
          />
          <TextField
            select
            label={t`Type`}
            size="small"
            value={form.businessType}
            onChange={(e) => setForm({ ...form, businessType: e.target.value as BusinessType })}
            sx={{ minWidth: 160 }}
          >
            {BUSINESS_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {businessTypeLabel(type)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
            <Trans>Add business</Trans>
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
