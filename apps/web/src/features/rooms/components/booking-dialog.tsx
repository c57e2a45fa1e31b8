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
import { useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { formatCentsPlain, formatKES, parseKES } from "@app/shared/money/money";
import { compactPhone, takenNights, type Booking } from "@app/shared/rooms/booking";
import { addDays } from "@app/shared/rooms/days";
import { stayText } from "./stay-text.ts";
import { quoteStay } from "@app/shared/rooms/rates";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { DatePicker } from "../../../components/date-picker.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { toast } from "react-toastify";
import {
  useCreateBookingMutation,
  useListBookingsQuery,
  useListRoomTypesQuery,
  useListRoomsQuery,
  useUpdateBookingMutation,
} from "../rooms-api.ts";
import { MoneyInput } from "../../../components/money-input.tsx";
import { roomStatusLabel } from "./labels.ts";
import { useHotel } from "./use-hotel.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

type Form = {
  roomId: string;
  guestName: string;
  guestPhone: string;
  guests: string;
  checkIn: string;
  checkOut: string;
  agreedRate: string;
  notes: string;
};

type Props = {
  onClose: () => void;
  /** Editing: the booking; new: optional room and first night to start from. */
  booking?: Booking;
  roomId?: string;
  checkIn?: string;
};

/**
 * A booking: room, guest, dates, an optional agreed nightly rate. The nights are priced from the
 * room type as the desk types (the server fixes the same rates on the booking). A room already
 * taken for a night (ROOM_ALREADY_BOOKED, also when another desk booked it a moment ago) is said
 * on the room field; nothing is saved.
 */
export function BookingDialog({ onClose, booking, roomId, checkIn }: Props) {
  const { businessId, today } = useHotel();
  const navigate = useNavigate();
  const rooms = useListRoomsQuery(businessId, { skip: !businessId });
  const types = useListRoomTypesQuery(businessId, { skip: !businessId });
  const [create, created] = useCreateBookingMutation();
  const [update, updated] = useUpdateBookingMutation();
  const busy = created.isLoading || updated.isLoading;
  const inHouse = booking?.status === "checkedIn";
  const first = checkIn ?? today;
  const [form, setForm] = useState<Form>(() => ({
    roomId: booking?.room._id ?? roomId ?? "",
    guestName: booking?.guestName ?? "",
    guestPhone: booking?.guestPhone ?? "",
    guests: String(booking?.guests ?? 1),
    checkIn: booking?.checkIn ?? first,
    checkOut: booking?.checkOut ?? addDays(first, 1),
    agreedRate: booking?.agreedRate ? formatCentsPlain(booking.agreedRate) : "",
    notes: booking?.notes ?? "",
  }));
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  // The room's nights already taken by other live bookings cannot be a check-in day.
  const roomBookings = useListBookingsQuery(
    { businessId, roomId: form.roomId, from: today, limit: 500 },
    { skip: !businessId || !form.roomId },
  );
  const taken = useMemo(
    () => takenNights(roomBookings.data ?? [], form.roomId, booking?._id),
    [roomBookings.data, form.roomId, booking?._id],
  );
  const room = rooms.data?.find((r) => r._id === form.roomId);
  const type = types.data?.find((x) => x._id === room?.roomType._id);
  const agreed = form.agreedRate.trim() ? parseKES(form.agreedRate.trim()) : null;
  const stay =
    stayText(form.checkIn, form.checkOut) ??
    (!inHouse && form.checkIn < today && form.checkIn !== booking?.checkIn ? t`The check-in date has passed` : null);
  const quote = useMemo(
    () => (type && !stay ? quoteStay(type, form.checkIn, form.checkOut, agreed) : null),
    [type, stay, form.checkIn, form.checkOut, agreed],
  );

  async function save() {
    setError(null);
    const guests = Number(form.guests);
    if (form.agreedRate.trim() && !agreed) {
      setError({ message: t`Enter the agreed rate like 4500 or 4500.50`, fields: { agreedRate: t`Not an amount` } });
      return;
    }
    const body = {
      roomId: form.roomId,
      guestName: form.guestName.trim(),
      guestPhone: compactPhone(form.guestPhone),
      guests: Number.isInteger(guests) ? guests : 0,
      checkIn: form.checkIn,
      checkOut: form.checkOut,
      agreedRate: agreed,
      notes: form.notes.trim(),
    };
    try {
      if (booking) {
        const saved = await update({ id: booking._id, body }).unwrap();
        toast.success(t`Booking for ${saved.guestName} saved`);
        onClose();
        return;
      }
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
      const saved = await create({ businessId, ...body, idempotencyKey: attempt.current.key }).unwrap();
      attempt.current = null;
      toast.success(t`Room ${saved.room.name} booked for ${saved.guestName}`);
      onClose();
      void navigate(pathTo("/booking/singlebooking/:bookingId", { bookingId: saved._id }));
    } catch (err) {
      const described = describeError(err);
      if (errorCodeOf(err) === ERROR_CODES.ROOM_ALREADY_BOOKED)
        described.fields = { ...described.fields, roomId: t`Already booked for some of these nights` };
      setError(described);
    }
  }

  const field = (name: keyof Form) => ({
    error: Boolean(error?.fields[name]),
    helperText: error?.fields[name],
  });

  return (
    <ResponsiveDialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="booking-title">
      <DialogTitle id="booking-title">{booking ? t`Change booking` : t`New booking`}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="booking-error">
            {error.message}
          </Alert>
        )}
        {rooms.data?.length === 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            <Trans>Add a room first (Rooms tab).</Trans>
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label={t`Room`}
            value={form.roomId}
            onChange={(e) => set({ roomId: e.target.value })}
            disabled={inHouse}
            {...field("roomId")}
          >
            {(rooms.data ?? []).map((r) => (
              <MenuItem key={r._id} value={r._id} disabled={r.status === "outOfOrder"}>
                {r.name} · {r.roomType.name}
                {r.status === "outOfOrder" ? ` · ${roomStatusLabel(r.status)}` : ""}
              </MenuItem>
            ))}
          </TextField>
          {/* No minDay on the pickers: typed through an earlier day (a year's first digits), the shared
              picker keeps saying "Date input not valid." Past or backwards dates are said below instead. */}
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <Box sx={{ flex: "1 1 200px" }}>
              {inHouse ? (
                <TextField size="small" fullWidth label={t`Check-in`} value={form.checkIn} disabled />
              ) : (
                <DatePicker
                  label={t`Check-in`}
                  day={form.checkIn}
                  excludeDays={taken}
                  onChange={(d) => set({ checkIn: d, ...(form.checkOut <= d ? { checkOut: addDays(d, 1) } : {}) })}
                />
              )}
            </Box>
            <Box sx={{ flex: "1 1 200px" }}>
              <DatePicker label={t`Check-out`} day={form.checkOut} onChange={(d) => set({ checkOut: d })} />
            </Box>
          </Box>
          {(error?.fields.checkIn || error?.fields.checkOut) && (
            <Typography color="error" variant="body2">
              {error.fields.checkIn ?? error.fields.checkOut}
            </Typography>
          )}
          <TextField
            size="small"
            label={t`Guest name`}
            value={form.guestName}
            onChange={(e) => set({ guestName: e.target.value })}
            autoFocus={!booking}
            {...field("guestName")}
          />
          <Box sx={{ display: "flex", gap: 2 }}>
            <TextField
              size="small"
              label={t`Phone`}
              value={form.guestPhone}
              onChange={(e) => set({ guestPhone: e.target.value })}
              placeholder="0712345678"
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { inputMode: "tel" } }}
              {...field("guestPhone")}
            />
            <TextField
              size="small"
              label={t`Guests`}
              value={form.guests}
              onChange={(e) => set({ guests: e.target.value.replace(/\D/g, "").slice(0, 2) })}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
              {...field("guests")}
            />
          </Box>
          <MoneyInput
            size="small"
            label={t`Agreed rate per night (optional)`}
            value={form.agreedRate}
            onChange={(agreedRate) => set({ agreedRate })}
            disabled={inHouse}
            {...field("agreedRate")}
          />
          <TextField
            size="small"
            label={t`Notes`}
            value={form.notes}
            onChange={(e) => set({ notes: e.target.value })}
            multiline
            minRows={2}
            {...field("notes")}
          />
          <Typography data-testid="booking-quote" color={stay ? "error" : "text.primary"}>
            {stay
              ? stay
              : booking
                ? null
                : quote
                  ? t`${quote.nights} nights · ${formatKES(quote.total)}`
                  : t`Choose a room to see the price`}
          </Typography>
          {booking && (
            <Typography variant="body2" color="text.secondary">
              <Trans>Nights the booking already had keep their price; new nights take today's rates.</Trans>
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !form.roomId || Boolean(stay)}>
          {booking ? t`Save` : t`Book room`}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
