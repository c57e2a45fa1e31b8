import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, CircularProgress, TextField } from "@mui/material";
import { useState, type FormEvent } from "react";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { compactPhone } from "@app/shared/rooms/booking";
import type { PublicAvailability } from "@app/shared/rooms/online-booking";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { sendRequest } from "../public-booking.ts";
import { fieldError, type FieldProblem } from "./field-problem.ts";

/** A room type of the public booking page. */
export type OfferedRoomType = PublicAvailability["roomTypes"][number];
/** What the guest asked for, shown once the request is sent. */
export type SentRequest = { roomType: string; checkIn: string; checkOut: string };

/** The request form for one room type: name, phone, guests, a message. */
export function BookingRequestForm({
  code,
  type,
  stay,
  onSent,
  onCancel,
}: {
  code: string;
  type: OfferedRoomType;
  stay: { checkIn: string; checkOut: string };
  onSent: (s: SentRequest) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [guests, setGuests] = useState("1");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FieldProblem>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      onSent(
        await sendRequest(code, {
          roomTypeId: type._id,
          guestName: name.trim(),
          guestPhone: compactPhone(phone),
          guests: Number(guests) || 1,
          message: message.trim(),
          ...stay,
        }),
      );
    } catch (err) {
      const described = describeError(err);
      if (errorCodeOf(err) === ERROR_CODES.RATE_LIMITED)
        described.message = t`Too many requests from this connection. Please call the hotel or try again later.`;
      setError(described);
    } finally {
      setBusy(false);
    }
  }
  const f = (key: string) => fieldError(error, key);
  return (
    <Box
      component="form"
      onSubmit={(e) => void submit(e)}
      aria-label={t`Request a ${type.name} room`}
      sx={{ display: "grid", gap: 2, mt: 1 }}
    >
      {error && <Alert severity="error">{error.message}</Alert>}
      <TextField
        size="small"
        label={t`Your name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        autoFocus
        {...f("guestName")}
      />
      <Box sx={{ display: "flex", gap: 2 }}>
        <TextField
          size="small"
          label={t`Phone`}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          required
          placeholder="0712345678"
          sx={{ flex: 2 }}
          slotProps={{ htmlInput: { inputMode: "tel", autoComplete: "tel" } }}
          {...f("guestPhone")}
        />
        <TextField
          size="small"
          label={t`Guests`}
          value={guests}
          onChange={(e) => setGuests(e.target.value.replace(/\D/g, "").slice(0, 2))}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
          {...f("guests")}
        />
      </Box>
      <TextField
        size="small"
        label={t`Message (optional)`}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        multiline
        minRows={2}
        {...f("message")}
      />
      <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end" }}>
        <Button onClick={onCancel} disabled={busy}>
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? <CircularProgress size={20} /> : <Trans>Send request</Trans>}
        </Button>
      </Box>
    </Box>
  );
}
