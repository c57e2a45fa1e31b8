import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatCentsPlain, parseKES } from "@app/shared/money/money";
import type { ConferencePrice } from "@app/shared/rooms/conference";
import { describeError } from "../../../api/errors.ts";
import { useCreatePriceMutation, useUpdatePriceMutation } from "../rooms-api.ts";
import { MoneyInput } from "../../../components/money-input.tsx";
import { useHotel } from "./use-hotel.ts";
import { fieldError, type FieldProblem } from "./field-problem.ts";

/** A conference package: a price per person per day and hall hire per day (either may be 0). */
export function PackageDialog({ price, onClose }: { price?: ConferencePrice; onClose: () => void }) {
  const { businessId } = useHotel();
  const [create, created] = useCreatePriceMutation();
  const [update, updated] = useUpdatePriceMutation();
  const [name, setName] = useState(price?.name ?? "");
  const [description, setDescription] = useState(price?.description ?? "");
  const [perPerson, setPerPerson] = useState(price ? formatCentsPlain(price.perPersonPerDay) : "");
  const [hall, setHall] = useState(price ? formatCentsPlain(price.hallHirePerDay) : "");
  const [active, setActive] = useState(price?.active ?? true);
  const [error, setError] = useState<FieldProblem>(null);
  const busy = created.isLoading || updated.isLoading;

  async function save() {
    setError(null);
    const perPersonPerDay = perPerson.trim() ? parseKES(perPerson.trim()) : 0;
    const hallHirePerDay = hall.trim() ? parseKES(hall.trim()) : 0;
    if (perPersonPerDay === null || hallHirePerDay === null) {
      setError({ message: t`Enter amounts like 2500 or 2500.50`, fields: {} });
      return;
    }
    const body = { name: name.trim(), description: description.trim(), perPersonPerDay, hallHirePerDay, active };
    try {
      const saved = price
        ? await update({ id: price._id, body }).unwrap()
        : await create({ businessId, ...body }).unwrap();
      toast.success(t`Package ${saved.name} saved`);
      onClose();
    } catch (err) {
      setError(describeError(err));
    }
  }

  return (
    <ResponsiveDialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="package-title">
      <DialogTitle id="package-title">{price ? t`Edit package` : t`New conference package`}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            size="small"
            label={t`Name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
            {...fieldError(error, "name")}
          />
          <TextField
            size="small"
            label={t`What it includes`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
          />
          <MoneyInput
            size="small"
            label={t`Per person per day`}
            value={perPerson}
            onChange={setPerPerson}
            {...fieldError(error, "perPersonPerDay")}
          />
          <MoneyInput
            size="small"
            label={t`Hall hire per day`}
            value={hall}
            onChange={setHall}
            {...fieldError(error, "hallHirePerDay")}
          />
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label={t`Offered`}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          <Trans>Save</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
