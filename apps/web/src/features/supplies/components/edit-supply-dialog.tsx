import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatCentsPlain, formatKES, parseKES } from "@app/shared/money/money";
import type { SupplyCommodityLine, SupplyProductLine, SupplyRecord } from "@app/shared/supplies/supply";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { CentsField } from "../../../components/cents-field.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DatePicker, dateToDay, dayToDate } from "../../../components/date-picker.tsx";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  useDeleteSupplyMutation,
  useUpdateSupplyCommodityMutation,
  useUpdateSupplyMutation,
  useUpdateSupplyProductMutation,
} from "../supplies-api.ts";

type Problem = { message: string; fields: Record<string, string> } | null;
const units = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function ProductLineEditor({
  supplyId,
  line,
  onError,
}: {
  supplyId: string;
  line: SupplyProductLine;
  onError: (p: Problem) => void;
}) {
  const [patch, { isLoading }] = useUpdateSupplyProductMutation();
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [unitCost, setUnitCost] = useState(formatCentsPlain(line.unitCost));
  const locked = line.transferred > 0;
  async function save() {
    const body = {
      quantity: units(quantity),
      ...(locked ? {} : { unitCost: parseKES(unitCost.trim()) ?? Number.NaN }),
    };
    try {
      await patch({ id: supplyId, productId: line.productId, body }).unwrap();
      onError(null);
      toast.success(t`${line.name} saved`);
    } catch (err) {
      onError(describeError(err));
    }
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", flexWrap: "wrap", rowGap: 1 }}>
      <Typography sx={{ flex: 1, minWidth: 150, pt: 1 }}>{line.name}</Typography>
      <TextField
        size="small"
        label={t`Quantity`}
        value={quantity}
        onChange={(e) => setQuantity(e.target.value.replace(/[^\d]/g, ""))}
        helperText={line.transferred ? t`${line.transferred} in stock` : undefined}
        sx={{ width: 110 }}
      />
      <CentsField
        size="small"
        label={t`Unit cost`}
        value={unitCost}
        onChange={setUnitCost}
        disabled={locked}
        helperText={locked ? t`In stock at this cost` : undefined}
        sx={{ width: 160 }}
      />
      <Button onClick={() => void save()} disabled={isLoading} sx={{ mt: 0.5 }}>
        <Trans>Save</Trans>
      </Button>
    </Stack>
  );
}

function CommodityLineEditor({
  supplyId,
  line,
  onError,
}: {
  supplyId: string;
  line: SupplyCommodityLine;
  onError: (p: Problem) => void;
}) {
  const [patch, { isLoading }] = useUpdateSupplyCommodityMutation();
  const [form, setForm] = useState({
    name: line.name,
    unit: line.unit,
    quantity: String(line.quantity),
    unitCost: formatCentsPlain(line.unitCost),
  });
  async function save() {
    const body = {
      name: form.name,
      unit: form.unit,
      quantity: units(form.quantity),
      unitCost: parseKES(form.unitCost.trim()) ?? Number.NaN,
    };
    try {
      await patch({ id: supplyId, commodityId: line._id, body }).unwrap();
      onError(null);
      toast.success(t`${form.name} saved`);
    } catch (err) {
      onError(describeError(err));
    }
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", flexWrap: "wrap", rowGap: 1 }}>
      <TextField
        size="small"
        label={t`Commodity`}
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
        sx={{ flex: 1, minWidth: 150 }}
      />
      <TextField
        size="small"
        label={t`Unit`}
        value={form.unit}
        onChange={(e) => setForm({ ...form, unit: e.target.value })}
        sx={{ width: 90 }}
      />
      <TextField
        size="small"
        label={t`Quantity`}
        value={form.quantity}
        onChange={(e) => setForm({ ...form, quantity: e.target.value.replace(/[^\d]/g, "") })}
        sx={{ width: 100 }}
      />
      <CentsField
        size="small"
        label={t`Unit cost`}
        value={form.unitCost}
        onChange={(v) => setForm({ ...form, unitCost: v })}
        sx={{ width: 160 }}
      />
      <Button onClick={() => void save()} disabled={isLoading} sx={{ mt: 0.5 }}>
        <Trans>Save</Trans>
      </Button>
    </Stack>
  );
}

/**
 * Correct a delivery: when it came, who received it, notes; each line's quantity and unit cost
 * (not below what is in stock; a cost only while none of it is); delete it when entered by
 * mistake (the owner; refused once part is in stock or paid for later).
 */
export function EditSupplyDialog({ supply, onClose }: { supply: SupplyRecord; onClose: () => void }) {
  const isOwner = useAppSelector((s) => Boolean(s.session.user?.isAdmin));
  const [update, updating] = useUpdateSupplyMutation();
  const [remove, removing] = useDeleteSupplyMutation();
  const [day, setDay] = useState(() => dateToDay(new Date(supply.suppliedAt)));
  const [receivedBy, setReceivedBy] = useState(supply.receivedBy);
  const [notes, setNotes] = useState(supply.notes);
  const [problem, setProblem] = useState<Problem>(null);
  const [confirming, setConfirming] = useState(false);

  async function saveDetails() {
    const at = new Date(supply.suppliedAt);
    const chosen = dayToDate(day);
    chosen.setHours(at.getHours(), at.getMinutes(), at.getSeconds());
    try {
      await update({ id: supply._id, body: { suppliedAt: chosen.toISOString(), receivedBy, notes } }).unwrap();
      setProblem(null);
      toast.success(t`Supply #${supply.supplyNumber} saved`);
    } catch (err) {
      setProblem(describeError(err));
    }
  }
  async function deleteSupply() {
    try {
      await remove(supply._id).unwrap();
      toast.success(t`Supply #${supply.supplyNumber} deleted`);
      onClose();
    } catch (err) {
      setConfirming(false);
      setProblem(describeError(err));
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="md" aria-labelledby="edit-supply-title">
      <DialogTitle id="edit-supply-title">
        <Trans>
          Supply #{supply.supplyNumber} · {formatKES(supply.total)}
        </Trans>
      </DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="edit-supply-error">
            {problem.message}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1.5, alignItems: "flex-start" }}>
            <DatePicker label={t`Delivered on`} day={day} onChange={setDay} format="dd/MM/yyyy" disableFuture />
            <TextField
              size="small"
              label={t`Received by`}
              value={receivedBy}
              onChange={(e) => setReceivedBy(e.target.value)}
            />
            <TextField
              size="small"
              label={t`Notes`}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              sx={{ flex: 1, minWidth: 180 }}
            />
            <Button onClick={() => void saveDetails()} disabled={updating.isLoading} sx={{ mt: 0.5 }}>
              <Trans>Save details</Trans>
            </Button>
          </Stack>
          {supply.products.length > 0 && <Divider />}
          {supply.products.map((l) => (
            <ProductLineEditor key={l._id} supplyId={supply._id} line={l} onError={setProblem} />
          ))}
          {supply.commodities.length > 0 && <Divider />}
          {supply.commodities.map((l) => (
            <CommodityLineEditor key={l._id} supplyId={supply._id} line={l} onError={setProblem} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        {isOwner && (
          <Button color="error" onClick={() => setConfirming(true)} sx={{ mr: "auto" }}>
            <Trans>Delete supply</Trans>
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        title={t`Delete Supply #${supply.supplyNumber}?`}
        text={t`Only a supply entered by mistake can go: none of it in stock and nothing paid for it since delivery. What was paid on delivery goes with it.`}
        confirmLabel={t`Delete`}
        busy={removing.isLoading}
        onConfirm={() => void deleteSupply()}
        onClose={() => setConfirming(false)}
      />
    </ResponsiveDialog>
  );
}
