import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { PIN_PATTERN } from "@app/shared/accounts/pin";
import type { BusinessSettings } from "@app/shared/businesses/business";
import { CASH_ROUNDING_STEPS, type CashRoundingStep } from "@app/shared/pos/discounts";
import { describeError } from "../../api/errors.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { businessUpdated } from "../../lib/session/business-slice.ts";
import { useUpdateBusinessMutation } from "../businesses/business-api.ts";
import { useDrawerLogQuery, useOwnerPinStatusQuery, useSetOwnerPinMutation } from "../pos/pos-api.ts";

const stepLabel = (s: CashRoundingStep) =>
  s === 0 ? t`No rounding` : s === 1 ? t`Nearest shilling` : t`Nearest ${s} shillings`;

/**
 * The till (issue 31): cash rounding (a sale paid wholly in cash rounds to the nearest 1, 5 or
 * 10 shillings, a line of its own on the receipt and in the cash book, never the VAT), the
 * owner's till PIN that allows a discount beyond a cashier's limit, and the cash drawer's log.
 */
export function TillSettingsCard({ business }: { business: BusinessSettings }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading: saving }] = useUpdateBusinessMutation();
  const pinStatus = useOwnerPinStatusQuery(business._id);
  const [setPin, { isLoading: settingPin }] = useSetOwnerPinMutation();
  const log = useDrawerLogQuery(business._id);
  const [pin, setPinText] = useState("");

  async function saveRounding(cashRounding: CashRoundingStep) {
    try {
      dispatch(businessUpdated(await update({ id: business._id, cashRounding }).unwrap()));
      toast.success(t`Cash rounding saved`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  async function savePin(value: string | null) {
    try {
      await setPin({ businessId: business._id, pin: value }).unwrap();
      setPinText("");
      toast.success(value ? t`Owner's till PIN saved` : t`Owner's till PIN removed`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Till: rounding, discounts and the cash drawer</Trans>
        </Typography>
        <Stack spacing={3} sx={{ maxWidth: 520 }}>
          <TextField
            select
            size="small"
            label={t`Cash rounding`}
            value={business.cashRounding ?? 0}
            disabled={saving}
            onChange={(e) => void saveRounding(Number(e.target.value) as CashRoundingStep)}
            helperText={t`A sale paid wholly in cash rounds to this; the rounding is its own line on the receipt and in the cash book. The VAT does not change.`}
            slotProps={{ htmlInput: { "data-testid": "cash-rounding-select" } }}
          >
            {CASH_ROUNDING_STEPS.map((s) => (
              <MenuItem key={s} value={s}>
                {stepLabel(s)}
              </MenuItem>
            ))}
          </TextField>
          <Stack spacing={1}>
            <Typography variant="subtitle2">
              <Trans>Owner's till PIN</Trans>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <Trans>
                A cashier may give discounts up to the limit on their page under Employees. Beyond it, you type this PIN
                at the till.
              </Trans>
            </Typography>
            {pinStatus.isError && <Alert severity="error">{t`Could not load whether a PIN is set.`}</Alert>}
            {pinStatus.data && (
              <Typography variant="body2" data-testid="owner-pin-status">
                {pinStatus.data.set
                  ? t`A PIN is set.`
                  : t`No PIN is set: discounts beyond a cashier's limit cannot be allowed.`}
              </Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
              <TextField
                size="small"
                type="password"
                label={t`New PIN (4-6 digits)`}
                autoComplete="new-password"
                value={pin}
                onChange={(e) => setPinText(e.target.value.replace(/\D/g, "").slice(0, 6))}
                slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": "owner-pin-new" } }}
              />
              <Button
                variant="contained"
                disabled={!PIN_PATTERN.test(pin) || settingPin}
                onClick={() => void savePin(pin)}
                sx={{ minHeight: 40 }}
              >
                <Trans>Save PIN</Trans>
              </Button>
              {pinStatus.data?.set && (
                <Button color="inherit" disabled={settingPin} onClick={() => void savePin(null)}>
                  <Trans>Remove PIN</Trans>
                </Button>
              )}
            </Stack>
          </Stack>
          <Stack spacing={1}>
            <Typography variant="subtitle2">
              <Trans>Cash drawer log</Trans>
            </Typography>
            {log.isLoading && <CircularProgress size={20} />}
            {log.isError && <Alert severity="error">{t`The drawer log could not be loaded.`}</Alert>}
            {log.data && log.data.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                <Trans>The drawer has not been opened from the till yet.</Trans>
              </Typography>
            )}
            {log.data && log.data.length > 0 && (
              <List dense data-testid="drawer-log" sx={{ maxHeight: 240, overflowY: "auto" }}>
                {log.data.slice(0, 50).map((o) => (
                  <ListItem key={o._id} disableGutters>
                    <ListItemText
                      primary={`${o.reason === "no_sale" ? t`No sale` : t`Cash sale`} · ${o.openedBy}`}
                      secondary={new Date(o.createdAt).toLocaleString("en-GB", { timeZone: business.timeZone })}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
