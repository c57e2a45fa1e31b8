import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { mpesaCredentialsInputSchema, type MpesaShortcodeKind } from "@app/shared/mpesa/mpesa";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import {
  useGetMpesaSettingsQuery,
  useRegisterC2bMutation,
  useRotateC2bTokenMutation,
  useSaveMpesaSettingsMutation,
} from "../mpesa-api.ts";
import { dateLocale } from "../../../lib/date-format.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString(dateLocale(), { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });

const EMPTY = { shortcode: "", passkey: "", consumerKey: "", consumerSecret: "" };

/**
 * Settings (owner): the business's own Daraja credentials, so the till can send STK pushes and
 * receive customers' payments (C2B). They are stored encrypted and never shown again: to change
 * them the owner enters all four anew.
 */
export function MpesaSettingsCard({ businessId }: { businessId: string }) {
  const { data, isLoading, isError, error } = useGetMpesaSettingsQuery(businessId);
  const [save, saving] = useSaveMpesaSettingsMutation();
  const [register, registering] = useRegisterC2bMutation();
  const [rotate, rotating] = useRotateC2bTokenMutation();
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [kind, setKind] = useState<MpesaShortcodeKind>("till");
  const [form, setForm] = useState(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState(false);

  async function submit() {
    const parsed = mpesaCredentialsInputSchema.safeParse({ businessId, kind, ...form });
    if (!parsed.success) {
      setFields(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setFields({});
    try {
      await save(parsed.data).unwrap();
      setForm(EMPTY);
      setEditing(false);
      toast.success(t`M-Pesa settings saved. Register the payment addresses next.`);
    } catch (err) {
      const d = describeError(err);
      setFields(d.fields);
      toast.error(d.message);
    }
  }

  async function registerUrls() {
    try {
      await register(businessId).unwrap();
      toast.success(t`M-Pesa will now send customers' payments to this till`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }

  async function rotateAddress() {
    try {
      const settings = await rotate(businessId).unwrap();
      setConfirmRotate(false);
      if (settings.c2bRegisteredAt) toast.success(t`New callback address registered with M-Pesa`);
      else toast.warning(t`Callback address changed. Register the payment addresses again.`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }

  const field = (name: keyof typeof EMPTY, label: string, secret: boolean) => (
    <TextField
      size="small"
      label={label}
      type={secret ? "password" : "text"}
      autoComplete="off"
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      error={Boolean(fields[name])}
      helperText={fields[name]}
      slotProps={{ htmlInput: { "data-testid": `mpesa-${name}` } }}
    />
  );

  return (
    <Card variant="outlined" data-testid="mpesa-settings-card">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>M-Pesa at the till</Trans>
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          <Trans>
            Your own Daraja app's details, from the Safaricom developer portal: the till sends payment requests to
            customers' phones and lists payments customers make to your till or paybill. They are stored encrypted and
            never shown again.
          </Trans>
        </Typography>
        {isLoading && <CircularProgress size={24} aria-label={t`Loading`} />}
        {isError && (
          <Alert severity="error">
            <Trans>The M-Pesa settings could not be loaded. {describeError(error).message}</Trans>
          </Alert>
        )}
        {data && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            {data.configured ? (
              <Alert severity="success" data-testid="mpesa-configured">
                {data.kind === "paybill" ? (
                  <Trans>Paybill {data.shortcodeHint} is set up.</Trans>
                ) : (
                  <Trans>Till {data.shortcodeHint} is set up.</Trans>
                )}{" "}
                {data.c2bRegisteredAt ? (
                  <Trans>Payment addresses registered {when(data.c2bRegisteredAt)}.</Trans>
                ) : (
                  <Trans>Payment addresses not registered yet.</Trans>
                )}
              </Alert>
            ) : (
              <Alert severity="info">
                <Trans>M-Pesa is not set up yet: the till takes M-Pesa only as a typed code.</Trans>
              </Alert>
            )}
            {(editing || !data.configured) && (
              <Stack spacing={2} sx={{ maxWidth: 420 }}>
                <TextField
                  select
                  size="small"
                  label={t`Type`}
                  value={kind}
                  onChange={(e) => setKind(e.target.value as MpesaShortcodeKind)}
                >
                  <MenuItem value="till">{t`Till number (Buy Goods)`}</MenuItem>
                  <MenuItem value="paybill">{t`Paybill`}</MenuItem>
                </TextField>
                {field("shortcode", kind === "till" ? t`Till number` : t`Paybill number`, false)}
                {field("passkey", t`Passkey`, true)}
                {field("consumerKey", t`Consumer key`, true)}
                {field("consumerSecret", t`Consumer secret`, true)}
                <Stack direction="row" spacing={1}>
                  <Button variant="contained" onClick={() => void submit()} disabled={saving.isLoading}>
                    <Trans>Save M-Pesa settings</Trans>
                  </Button>
                  {data.configured && (
                    <Button onClick={() => setEditing(false)}>
                      <Trans>Cancel</Trans>
                    </Button>
                  )}
                </Stack>
              </Stack>
            )}
            {data.configured && !editing && (
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" onClick={() => void registerUrls()} disabled={registering.isLoading}>
                  <Trans>Register payment addresses (C2B)</Trans>
                </Button>
                <Button onClick={() => setEditing(true)}>
                  <Trans>Replace credentials</Trans>
                </Button>
                <Button onClick={() => setConfirmRotate(true)} data-testid="mpesa-rotate-c2b">
                  <Trans>Rotate callback address</Trans>
                </Button>
              </Stack>
            )}
            <ConfirmDialog
              open={confirmRotate}
              title={t`Rotate the callback address?`}
              text={t`M-Pesa will send customers' payments to a new secret address, and payments sent to the old one are ignored from now on. Do this if the old address may have leaked.`}
              confirmLabel={t`Rotate`}
              busy={rotating.isLoading}
              onConfirm={() => void rotateAddress()}
              onClose={() => setConfirmRotate(false)}
            />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
