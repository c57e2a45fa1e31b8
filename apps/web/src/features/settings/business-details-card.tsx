import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Autocomplete, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { toast } from "react-toastify";
import {
  BUSINESS_TYPES,
  DEFAULT_TIME_ZONE,
  updateBusinessInputSchema,
  type BusinessSettings,
} from "@app/shared/businesses/business";
import { describeError } from "../../api/errors.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { businessTypeLabel } from "../../lib/business-types.ts";
import { useUpdateBusinessMutation } from "../businesses/business-api.ts";
import { businessUpdated, businessUpdateFailure, businessUpdateStart } from "../../lib/session/business-slice.ts";

/** The zones this browser knows, with Nairobi and the business's own zone always among them. */
export function timeZoneOptions(current: string): string[] {
  return [...new Set([...Intl.supportedValuesOf("timeZone"), DEFAULT_TIME_ZONE, current])].sort();
}

/** The business's name, type and time zone, editable by the owner. */
export function BusinessDetailsCard({ business }: { business: BusinessSettings }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateBusinessMutation();
  const [form, setForm] = useState({
    name: business.name,
    businessType: business.businessType,
    timeZone: business.timeZone,
  });
  const zones = useMemo(() => timeZoneOptions(business.timeZone), [business.timeZone]);
  const changed =
    form.name.trim() !== business.name ||
    form.businessType !== business.businessType ||
    form.timeZone !== business.timeZone;
  async function save() {
    const parsed = updateBusinessInputSchema.safeParse(form);
    if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message ?? "Invalid");
    dispatch(businessUpdateStart());
    try {
      const updated = await update({ id: business._id, ...parsed.data }).unwrap();
      dispatch(businessUpdated(updated));
      toast.success(t`Business details saved`);
    } catch (err) {
      dispatch(businessUpdateFailure());
      toast.error(describeError(err).message);
    }
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Business</Trans>
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          <TextField
            label={t`Business name`}
            size="small"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
          <TextField
            select
            label={t`Business type`}
            size="small"
            value={form.businessType}
            onChange={(e) => setForm({ ...form, businessType: e.target.value as typeof form.businessType })}
          >
            {BUSINESS_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {businessTypeLabel(type)}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            options={zones}
            value={form.timeZone}
            disableClearable
            onChange={(_, timeZone) => setForm({ ...form, timeZone })}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t`Time zone`}
                size="small"
                helperText={t`Daily stock reports and sale dates follow the days of this zone`}
              />
            )}
          />
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={!changed || isLoading || form.name.trim().length < 2}
            sx={{ alignSelf: "flex-start" }}
          >
            <Trans>Save</Trans>
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
