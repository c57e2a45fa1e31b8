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
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { compactPhone } from "@app/shared/rooms/booking";
import { conferenceDays, conferenceTotal, type Conference } from "@app/shared/rooms/conference";
import { describeError } from "../../../api/errors.ts";
import { DatePicker } from "../../../components/date-picker.tsx";
import { pathTo } from "../../../lib/paths.ts";
import {
  useCreateConferenceMutation,
  useListBookingsQuery,
  useListPricesQuery,
  useUpdateConferenceMutation,
} from "../rooms-api.ts";
import { useHotel } from "./use-hotel.ts";
import { fieldError, type FieldProblem } from "./field-problem.ts";

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
  const [error, setError] = useState<FieldProblem>(null);
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
            {...fieldError(error, "name")}
          />
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <TextField
              size="small"
              label={t`Organiser`}
              value={form.organiser}
              onChange={(e) => set({ organiser: e.target.value })}
              sx={{ flex: "1 1 200px" }}
              {...fieldError(error, "organiser")}
            />
            <TextField
              size="small"
              label={t`Phone`}
              value={form.organiserPhone}
              onChange={(e) => set({ organiserPhone: e.target.value })}
              sx={{ flex: "1 1 160px" }}
              slotProps={{ htmlInput: { inputMode: "tel" } }}
              {...fieldError(error, "organiserPhone")}
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
              {...fieldError(error, "persons")}
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
            {...fieldError(error, "priceId")}
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
            {...fieldError(error, "bookingId")}
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
