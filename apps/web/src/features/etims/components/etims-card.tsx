import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { etimsDeviceInputSchema, type EtimsStatus } from "@app/shared/etims/oscu";
import { describeError } from "../../../api/errors.ts";
import { useConnectEtimsMutation, useGetEtimsStatusQuery, useRefreshEtimsCodesMutation } from "../etims-api.ts";
import { dateLocale } from "../../../lib/date-format.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString(dateLocale(), { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });

function missingText(m: EtimsStatus["missing"][number]): string {
  switch (m) {
    case "kraPin":
      return t`the business's KRA PIN`;
    case "device":
      return t`the eTIMS device (initialise it below with the serial number KRA gave you)`;
    case "codeLists":
      return t`KRA's code lists (fetch them below)`;
  }
}

/** "Connected to eTIMS as ...", or what is missing. */
function StatusAlert({ status }: { status: EtimsStatus }) {
  const missing = status.missing.map(missingText).join("; ");
  const who = status.taxpayerName ?? status.kraPin;
  const pin = status.kraPin;
  const branch = status.bhfId;
  const unit = status.sdcId;
  if (!status.connected)
    return (
      <Alert severity="warning" data-testid="etims-status">
        <Trans>eTIMS is not connected: receipts and invoices say "eTIMS: not connected". Missing: {missing}.</Trans>
      </Alert>
    );
  const fetched = status.codeListsFetchedAt ? when(status.codeListsFetchedAt) : null;
  return (
    <Alert severity={status.missing.length ? "warning" : "success"} data-testid="etims-status">
      <Trans>
        Connected to eTIMS as {who} (PIN {pin}, branch {branch}), control unit {unit}.
      </Trans>{" "}
      {status.environment === "sandbox" && <Trans>This is KRA's test system (sandbox).</Trans>}{" "}
      {fetched && <Trans>KRA's code lists fetched {fetched}.</Trans>}{" "}
      {status.missing.length > 0 && <Trans>Still missing: {missing}.</Trans>}
    </Alert>
  );
}

/**
 * Settings (owner): KRA eTIMS through the OSCU. The owner enters the KRA PIN, the branch id ("00"
 * for the head office) and the device serial number KRA approved; the server initialises the
 * device with KRA and keeps KRA's communication key encrypted. The card says as whom the business
 * is connected, or what is missing.
 */
export function EtimsCard({ businessId, kraPin }: { businessId: string; kraPin: string | null }) {
  const { data, isLoading, isError, error } = useGetEtimsStatusQuery(businessId);
  const [connect, connecting] = useConnectEtimsMutation();
  const [refresh, refreshing] = useRefreshEtimsCodesMutation();
  const [form, setForm] = useState({ kraPin: kraPin ?? "", bhfId: "00", deviceSerial: "" });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState(false);

  async function submit() {
    const parsed = etimsDeviceInputSchema.safeParse({ businessId, ...form });
    if (!parsed.success)
      return setFields(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setFields({});
    try {
      await connect(parsed.data).unwrap();
      setEditing(false);
      toast.success(t`Connected to KRA eTIMS`);
    } catch (err) {
      const d = describeError(err);
      setFields(d.fields);
      toast.error(d.message);
    }
  }

  async function fetchCodes() {
    try {
      await refresh(businessId).unwrap();
      toast.success(t`KRA's code lists are up to date`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }

  const field = (name: keyof typeof form, label: string, helper?: string) => (
    <TextField
      size="small"
      label={label}
      autoComplete="off"
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      error={Boolean(fields[name])}
      helperText={fields[name] ?? helper}
      slotProps={{ htmlInput: { "data-testid": `etims-${name}` } }}
    />
  );

  return (
    <Card variant="outlined" data-testid="etims-card">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>KRA eTIMS</Trans>
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          <Trans>
            Every sale and credit note must be signed by KRA. Connect this business with the KRA PIN, the branch and the
            device serial number KRA approved for your online sales control unit (OSCU).
          </Trans>
        </Typography>
        {isLoading && <CircularProgress size={24} aria-label={t`Loading`} />}
        {isError && (
          <Alert severity="error">
            <Trans>The eTIMS settings could not be loaded. {describeError(error).message}</Trans>
          </Alert>
        )}
        {data && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <StatusAlert status={data} />
            {(editing || !data.connected) && (
              <Stack spacing={2} sx={{ maxWidth: 420 }}>
                {field("kraPin", t`KRA PIN`)}
                {field("bhfId", t`Branch id`, t`00 for the head office; KRA gives each branch its own two digits`)}
                {field("deviceSerial", t`Device serial number`, t`From KRA's approval of your OSCU`)}
                <Stack direction="row" spacing={1}>
                  <Button variant="contained" onClick={() => void submit()} disabled={connecting.isLoading}>
                    <Trans>Connect to eTIMS</Trans>
                  </Button>
                  {data.connected && (
                    <Button onClick={() => setEditing(false)}>
                      <Trans>Cancel</Trans>
                    </Button>
                  )}
                </Stack>
              </Stack>
            )}
            {data.connected && !editing && (
              <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
                <Button variant="outlined" onClick={() => void fetchCodes()} disabled={refreshing.isLoading}>
                  <Trans>Fetch KRA's code lists</Trans>
                </Button>
                <Button onClick={() => setEditing(true)}>
                  <Trans>Initialise another device</Trans>
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
