import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { I18nProvider } from "@lingui/react";
import BedIcon from "@mui/icons-material/HotelOutlined";
import CheckCircleIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Container,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { formatKES } from "@app/shared/money/money";
import { compactPhone } from "@app/shared/rooms/booking";
import { addDays } from "@app/shared/rooms/days";
import type { PublicAvailability } from "@app/shared/rooms/online-booking";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { LanguageSwitch } from "../../../components/language-switch.tsx";
import { activateLanguage, i18n, savedLanguage } from "../../../lib/i18n/i18n.ts";
import { formatDay } from "../components/days.ts";
import { stayText } from "../components/stay-text.ts";
import { fetchAvailability, sendRequest } from "../public-booking.ts";

type Type = PublicAvailability["roomTypes"][number];
type Sent = { roomType: string; checkIn: string; checkOut: string };

/** The request form for one room type: name, phone, guests, a message. */
function RequestForm({
  code,
  type,
  stay,
  onSent,
  onCancel,
}: {
  code: string;
  type: Type;
  stay: { checkIn: string; checkOut: string };
  onSent: (s: Sent) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [guests, setGuests] = useState("1");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

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
  const f = (key: string) => ({ error: Boolean(error?.fields[key]), helperText: error?.fields[key] });
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

function BookingPageBody({ code, onHotel }: { code: string; onHotel: (name: string) => void }) {
  const today = todayIn("Africa/Nairobi");
  const [checkIn, setCheckIn] = useState(today);
  const [checkOut, setCheckOut] = useState(addDays(today, 1));
  const [page, setPage] = useState<PublicAvailability | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<{ message: string; missing: boolean } | null>(null);
  const [asking, setAsking] = useState<Type | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const stay = stayText(checkIn, checkOut) ?? (checkIn < today ? t`The check-in date has passed` : null);

  async function look() {
    if (stay) return;
    setLoading(true);
    setError(null);
    setAsking(null);
    try {
      const found = await fetchAvailability(code, { checkIn, checkOut });
      setPage(found);
      onHotel(found.hotelName);
    } catch (err) {
      setError({ message: describeError(err).message, missing: (err as { status?: unknown }).status === 404 });
    } finally {
      setLoading(false);
    }
  }
  useEffect(() => {
    void look();
    // The first look uses the default dates; later ones wait for the button.
  }, [code]);

  if (error?.missing)
    return (
      <Alert severity="warning" sx={{ mt: 4 }}>
        <Trans>This booking page is not open. Please contact the hotel directly.</Trans>
      </Alert>
    );
  if (sent)
    return (
      <Card variant="outlined" sx={{ mt: 3 }} data-testid="request-sent">
        <CardContent sx={{ textAlign: "center", py: 4 }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 48 }} />
          <Typography variant="h6" sx={{ mt: 1 }}>
            <Trans>Request sent</Trans>
          </Typography>
          <Typography color="text.secondary">
            <Trans>
              {sent.roomType}, {formatDay(sent.checkIn)} – {formatDay(sent.checkOut)}. The hotel will call you to
              confirm.
            </Trans>
          </Typography>
          <Button sx={{ mt: 2 }} onClick={() => (setSent(null), void look())}>
            <Trans>Make another request</Trans>
          </Button>
        </CardContent>
      </Card>
    );

  return (
    <>
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
          <TextField
            size="small"
            type="date"
            label={t`Check-in`}
            value={checkIn}
            onChange={(e) => {
              setCheckIn(e.target.value);
              if (e.target.value >= checkOut) setCheckOut(addDays(e.target.value, 1));
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            sx={{ flex: "1 1 150px" }}
          />
          <TextField
            size="small"
            type="date"
            label={t`Check-out`}
            value={checkOut}
            onChange={(e) => setCheckOut(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: addDays(checkIn, 1) } }}
            sx={{ flex: "1 1 150px" }}
            error={Boolean(stay)}
            helperText={stay ?? " "}
          />
          <Button
            variant="contained"
            onClick={() => void look()}
            disabled={Boolean(stay) || loading}
            sx={{ flex: "0 0 auto" }}
          >
            <Trans>See free rooms</Trans>
          </Button>
        </CardContent>
      </Card>
      {loading && <LinearProgress sx={{ mt: 2 }} aria-label={t`Loading`} />}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error.message}
        </Alert>
      )}
      {page && page.roomTypes.length === 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          <Trans>This hotel has no rooms to offer online yet.</Trans>
        </Alert>
      )}
      <Stack spacing={2} sx={{ mt: 2 }} data-testid="room-types">
        {page?.roomTypes.map((type) => (
          <Card key={type._id} variant="outlined">
            <Box sx={{ display: "flex", flexDirection: { xs: "column", sm: "row" } }}>
              <Box
                sx={{
                  width: { xs: "100%", sm: 200 },
                  height: { xs: 160, sm: "auto" },
                  minHeight: 140,
                  bgcolor: "grey.100",
                  display: "grid",
                  placeItems: "center",
                  flexShrink: 0,
                }}
              >
                {type.image ? (
                  <img src={type.image} alt="" style={{ width: "100%", height: "100%", objectFit: "cover" }} />
                ) : (
                  <BedIcon color="disabled" fontSize="large" />
                )}
              </Box>
              <Box sx={{ flex: 1 }}>
                <CardContent>
                  <Typography variant="h6">{type.name}</Typography>
                  {type.description && <Typography color="text.secondary">{type.description}</Typography>}
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    <Trans>Sleeps {type.capacity}</Trans> · <Trans>from {formatKES(type.rate)} a night</Trans>
                  </Typography>
                  {page.checkIn && page.checkOut && type.stayTotal !== null && (
                    <Typography sx={{ fontWeight: 600 }}>
                      <Trans>
                        {formatDay(page.checkIn)} – {formatDay(page.checkOut)}: {formatKES(type.stayTotal)}
                      </Trans>
                    </Typography>
                  )}
                  <Typography
                    color={type.available ? "success.main" : "error"}
                    sx={{ mt: 0.5 }}
                    data-testid="availability"
                  >
                    {type.available ? (
                      <Trans>{type.available} free for your dates</Trans>
                    ) : (
                      <Trans>None free for your dates</Trans>
                    )}
                  </Typography>
                  {asking?._id === type._id && page.checkIn && page.checkOut && (
                    <RequestForm
                      code={code}
                      type={type}
                      stay={{ checkIn: page.checkIn, checkOut: page.checkOut }}
                      onSent={setSent}
                      onCancel={() => setAsking(null)}
                    />
                  )}
                </CardContent>
                {asking?._id !== type._id && (
                  <CardActions sx={{ px: 2, pb: 2 }}>
                    <Button variant="contained" disabled={!type.available} onClick={() => setAsking(type)}>
                      <Trans>Request this room</Trans>
                    </Button>
                  </CardActions>
                )}
              </Box>
            </Box>
          </Card>
        ))}
      </Stack>
    </>
  );
}

/**
 * /book/{code}: a hotel's public booking page (no sign-in). Guests choose dates, see which room
 * types are free, and send a request with their name and phone; the hotel confirms or declines
 * it. Loaded lazily with its language catalogue, so the sign-in pages' first load does not grow.
 */
export default function PublicBookingPage() {
  const { code = "" } = useParams();
  const [ready, setReady] = useState(false);
  const [hotel, setHotel] = useState<string | null>(null);
  useEffect(() => {
    void activateLanguage(savedLanguage()).finally(() => setReady(true));
  }, []);
  useEffect(() => {
    if (hotel) document.title = hotel;
  }, [hotel]);
  if (!ready) return <LinearProgress />;
  return (
    <I18nProvider i18n={i18n}>
      <Box sx={{ minHeight: "100vh", bgcolor: "grey.100", pb: 6 }}>
        <Box sx={{ bgcolor: "primary.main", color: "primary.contrastText", py: 3 }}>
          <Container maxWidth="md" sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="overline" sx={{ opacity: 0.8 }}>
                <Trans>Book a room</Trans>
              </Typography>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }} data-testid="hotel-name">
                {hotel ?? " "}
              </Typography>
            </Box>
            <LanguageSwitch activate={activateLanguage} />
          </Container>
        </Box>
        <Container maxWidth="md">
          <BookingPageBody code={code} onHotel={setHotel} />
        </Container>
      </Box>
    </I18nProvider>
  );
}
