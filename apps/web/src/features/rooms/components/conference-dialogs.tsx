import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { formatCentsPlain, formatKES, parseKES } from "@app/shared/money/money";
import { compactPhone } from "@app/shared/rooms/booking";
import { conferenceDays, conferenceTotal, type Conference, type ConferencePrice } from "@app/shared/rooms/conference";
import { describeError } from "../../../api/errors.ts";
import { DatePicker } from "../../../components/date-picker.tsx";
import { pathTo } from "../../../lib/paths.ts";
import {
  useCreateConferenceMutation,
  useCreatePriceMutation,
  useListBookingsQuery,
  useListPricesQuery,
  useUpdateConferenceMutation,
  useUpdatePriceMutation,
} from "../rooms-api.ts";
import { MoneyInput } from "../../../components/money-input.tsx";
import { useHotel } from "./use-hotel.ts";

type Problem = { message: string; fields: Record<string, string> } | null;
const f = (error: Problem, key: string) => ({ error: Boolean(error?.fields[key]), helperText: error?.fields[key] });

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
  const [error, setError] = useState<Problem>(null);
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
            {...f(error, "name")}
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
            {...f(error, "perPersonPerDay")}
          />
          <MoneyInput
            size="small"
            label={t`Hall hire per day`}
            value={hall}
            onChange={setHall}
            {...f(error, "hallHirePerDay")}
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

/** A conference or event booking: its days, people and package; billed on its own or to a guest's room bill. */
export function ConferenceDialog({ conference, onClose }: { conference?: Conference; onClose: () => void }) {
  const { businessId, today } = useHotel();
  const navigate = useNavigate();
  const prices = useListPricesQuery(businessId, { skip: !businessId });
  const guests = useListBookingsQuery({ businessId, limit: 200 }, { skip: !businessId });
  const [create, created] = useCreateConferenceMutation();
  const [update, updated] = useUpdateConferenceMutation();
  const [form, setForm] = useState({
    name: conference?.name ?? "",
    organiser: conference?.organiser ?? "",
    organiserPhone: conference?.organiserPhone ?? "",
    hall: conference?.hall ?? "",
    startDay: conference?.startDay ?? today,
    endDay: conference?.endDay ?? today,
    persons: String(conference?.persons ?? ""),
    priceId: conference?.price._id ?? "",
    bookingId: conference?.booking?._id ?? "",
    notes: conference?.notes ?? "",
  });
  const [error, setError] = useState<Problem>(null);
  const set = (patch: Partial<typeof form>) => setForm((x) => ({ ...x, ...patch }));
  const busy = created.isLoading || updated.isLoading;
  const offered = (prices.data ?? []).filter((p) => p.active || p._id === form.priceId);
  const chosen = prices.data?.find((p) => p._id === form.priceId);
  const persons = Number(form.persons);
  const live = (guests.data ?? []).filter((b) => b.status === "booked" || b.status === "checkedIn");
  const days = form.endDay >= form.startDay ? conferenceDays(form.startDay, form.endDay) : 0;

  async function save() {
    setError(null);
    const body = {
      name: form.name.trim(),
      organiser: form.organiser.trim(),
      organiserPhone: compactPhone(form.organiserPhone),
      hall: form.hall.trim(),
      startDay: form.startDay,
      endDay: form.endDay,
      persons: Number.isInteger(persons) ? persons : 0,
      priceId: form.priceId,
      bookingId: form.bookingId || null,
      notes: form.notes.trim(),
    };
    try {
      if (conference) {
        await update({ id: conference._id, body }).unwrap();
        toast.success(t`Conference ${body.name} saved`);
        onClose();
        return;
      }
      const saved = await create({ businessId, ...body }).unwrap();
      toast.success(t`Conference ${saved.name} booked`);
      onClose();
      void navigate(pathTo("/booking/singleconference/:conferenceId", { conferenceId: saved._id }));
    } catch (err) {
      setError(describeError(err));
    }
  }

  return (
    <ResponsiveDialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="conference-title"
    >
      <DialogTitle id="conference-title">{conference ? t`Change conference` : t`New conference or event`}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        {prices.data?.length === 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            <Trans>Add a conference package first.</Trans>
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            size="small"
            label={t`Event`}
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
            autoFocus
            {...f(error, "name")}
          />
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <TextField
              size="small"
              label={t`Organiser`}
              value={form.organiser}
              onChange={(e) => set({ organiser: e.target.value })}
              sx={{ flex: "1 1 200px" }}
              {...f(error, "organiser")}
            />
            <TextField
              size="small"
              label={t`Phone`}
              value={form.organiserPhone}
              onChange={(e) => set({ organiserPhone: e.target.value })}
              sx={{ flex: "1 1 160px" }}
              slotProps={{ htmlInput: { inputMode: "tel" } }}
              {...f(error, "organiserPhone")}
            />
          </Box>
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <Box sx={{ flex: "1 1 180px" }}>
              <DatePicker
                label={t`First day`}
                day={form.startDay}
                onChange={(d) => set({ startDay: d, ...(form.endDay < d ? { endDay: d } : {}) })}
              />
            </Box>
            <Box sx={{ flex: "1 1 180px" }}>
              <DatePicker label={t`Last day`} day={form.endDay} onChange={(d) => set({ endDay: d })} />
            </Box>
          </Box>
          {(error?.fields.startDay || error?.fields.endDay) && (
            <Typography color="error" variant="body2">
              {error.fields.startDay ?? error.fields.endDay}
            </Typography>
          )}
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <TextField
              size="small"
              label={t`People`}
              value={form.persons}
              onChange={(e) => set({ persons: e.target.value.replace(/\D/g, "").slice(0, 4) })}
              sx={{ width: 110 }}
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
              {...f(error, "persons")}
            />
            <TextField
              size="small"
              label={t`Hall`}
              value={form.hall}
              onChange={(e) => set({ hall: e.target.value })}
              sx={{ flex: 1 }}
            />
          </Box>
          <TextField
            select
            size="small"
            label={t`Package`}
            value={form.priceId}
            onChange={(e) => set({ priceId: e.target.value })}
            {...f(error, "priceId")}
          >
            {offered.map((p) => (
              <MenuItem key={p._id} value={p._id}>
                {p.name} · {formatKES(p.perPersonPerDay)} <Trans>per person</Trans> · {formatKES(p.hallHirePerDay)}{" "}
                <Trans>hall</Trans>
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t`Bill to a guest's room (optional)`}
            value={form.bookingId}
            onChange={(e) => set({ bookingId: e.target.value })}
            {...f(error, "bookingId")}
          >
            <MenuItem value="">
              <Trans>Its own bill</Trans>
            </MenuItem>
            {live.map((b) => (
              <MenuItem key={b._id} value={b._id}>
                {b.guestName} · {t`Room ${b.room.name}`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t`Notes`}
            value={form.notes}
            onChange={(e) => set({ notes: e.target.value })}
            multiline
            minRows={2}
          />
          <Typography data-testid="conference-quote">
            {chosen && days > 0 && persons > 0
              ? t`${days} days · ${formatKES(conferenceTotal({ ...form, persons, perPersonPerDay: chosen.perPersonPerDay, hallHirePerDay: chosen.hallHirePerDay }))}`
              : t`Choose the days, people and package to see the price`}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !form.priceId}>
          {conference ? t`Save` : t`Book`}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
