import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { EtimsCodePicker, type EtimsCodeKind } from "../components/etims-code-picker.tsx";
import { EtimsQueueRow } from "../components/etims-queue-row.tsx";
import { useFillEtimsProductsMutation, useGetEtimsMissingProductsQuery, useGetEtimsQueueQuery } from "../etims-api.ts";

const KINDS: EtimsCodeKind[] = ["itemClass", "itemType", "origin", "packagingUnit", "quantityUnit"];
const FIELD: Record<EtimsCodeKind, string> = {
  itemClass: "etimsItemClass",
  itemType: "etimsItemType",
  origin: "etimsOrigin",
  packagingUnit: "etimsPackagingUnit",
  quantityUnit: "etimsQuantityUnit",
};

/** Complete eTIMS details: products still missing one (or refused by KRA), filled in bulk. */
function MissingProducts({ businessId }: { businessId: string }) {
  const { data, isLoading, isError, error, refetch } = useGetEtimsMissingProductsQuery(businessId);
  const [fill, filling] = useFillEtimsProductsMutation();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [details, setDetails] = useState<Partial<Record<EtimsCodeKind, string | null>>>({});
  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onFill = async () => {
    const body = Object.fromEntries(KINDS.flatMap((k) => (details[k] ? [[FIELD[k], details[k]]] : []))) as Record<
      string,
      string
    >;
    try {
      const res = await fill({ businessId, productIds: [...chosen], details: body }).unwrap();
      toast.success(t`${res.updated} products updated; they are being registered with KRA.`);
      setChosen(new Set());
    } catch (err) {
      toast.error(describeError(err).message);
    }
  };
  const missing = (value: string | null) => (value ? value : "—");
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="etims-missing-title">
      <Typography variant="h6" id="etims-missing-title">
        <Trans>Complete eTIMS details</Trans>
      </Typography>
      {isLoading && <Skeleton variant="rectangular" height={80} />}
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          {describeError(error).message}
        </Alert>
      )}
      {data && data.total === 0 && (
        <Alert severity="success" data-testid="etims-missing-empty">
          <Trans>Every product has its eTIMS details.</Trans>
        </Alert>
      )}
      {data && data.total > 0 && (
        <>
          <Typography variant="body2" color="text.secondary">
            <Trans>
              {data.total} products still need KRA's details before KRA can sign their sales. Tick some, choose the
              details they share, and fill them in at once.
            </Trans>
          </Typography>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            {KINDS.map((k) => (
              <EtimsCodePicker
                key={k}
                businessId={businessId}
                kind={k}
                value={details[k] ?? null}
                onChange={(code) => setDetails((d) => ({ ...d, [k]: code }))}
              />
            ))}
          </Box>
          <Box>
            <Button
              variant="contained"
              disabled={!chosen.size || !KINDS.some((k) => details[k]) || filling.isLoading}
              onClick={() => void onFill()}
            >
              <Trans>Fill {chosen.size} selected</Trans>
            </Button>
          </Box>
          {data.items.map((p) => (
            <Paper key={p._id} variant="outlined" sx={{ p: 1 }} data-testid="etims-missing-row">
              <FormControlLabel
                control={<Checkbox checked={chosen.has(p._id)} onChange={() => toggle(p._id)} />}
                label={<Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>}
              />
              <Typography variant="caption" color="text.secondary" component="div">
                {t`Item classification`}: {missing(p.etimsItemClass)} · {t`Item type`}: {missing(p.etimsItemType)} ·{" "}
                {t`Country of origin`}: {missing(p.etimsOrigin)} · {t`Packaging unit`}: {missing(p.etimsPackagingUnit)}{" "}
                · {t`Quantity unit`}: {missing(p.etimsQuantityUnit)}
              </Typography>
              {p.etimsError && (
                <Typography variant="caption" color="error" component="div">
                  <Trans>KRA refused it: {p.etimsError}</Trans>
                </Typography>
              )}
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}

/** /etims (owner): what KRA has not signed yet (waiting, and why; refused, with KRA's reason; retry), and products to complete. */
export default function EtimsQueuePage() {
  const businessId = useAppSelector((s) => s.business.current?._id) ?? "";
  const { data, isLoading, isError, error, refetch } = useGetEtimsQueueQuery(businessId, {
    skip: !businessId,
    pollingInterval: 15_000,
  });
  const s = data?.summary;
  return (
    <>
      <PageHeader
        title={t`Not yet signed by KRA`}
        actions={
          <Button
            component={Link}
            to={pathTo("/etims/purchases")}
            variant="outlined"
            data-testid="etims-purchases-link"
          >
            {s?.purchasesToConfirm ? t`Purchases from KRA (${s.purchasesToConfirm} to confirm)` : t`Purchases from KRA`}
          </Button>
        }
      />
      <Stack spacing={3}>
        {isLoading && <Skeleton variant="rectangular" height={120} aria-label={t`Loading`} />}
        {isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                <Trans>Retry</Trans>
              </Button>
            }
          >
            <Trans>The list could not be loaded. {describeError(error).message}</Trans>
          </Alert>
        )}
        {s && !s.connected && (
          <Alert severity="info">
            <Trans>eTIMS is not connected: connect it in Settings, KRA eTIMS.</Trans>
          </Alert>
        )}
        {s && s.connected && (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }} data-testid="etims-queue-counts">
              <Chip label={t`Waiting: ${s.pending}`} />
              <Chip color={s.failed ? "error" : "default"} label={t`Refused: ${s.failed}`} />
            </Stack>
            {s.overdue > 0 && (
              <Alert severity="warning" data-testid="etims-overdue">
                <Trans>
                  {s.overdue} have waited over 24 hours. KRA expects every sale to be sent within 24 hours: check the
                  internet connection, or fix what KRA refused.
                </Trans>
              </Alert>
            )}
            {data.items.length === 0 ? (
              <Alert severity="success" data-testid="etims-queue-empty">
                <Trans>Everything is signed by KRA.</Trans>
              </Alert>
            ) : (
              data.items.map((item) => <EtimsQueueRow key={item.id} item={item} businessId={businessId} />)
            )}
          </Stack>
        )}
        {businessId && s?.connected && <MissingProducts businessId={businessId} />}
      </Stack>
    </>
  );
}
