import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { I18nProvider } from "@lingui/react";
import CheckCircleIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Container,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { addDays } from "@app/shared/rooms/days";
import type { PublicAvailability } from "@app/shared/rooms/online-booking";
import { describeError } from "../../../api/errors.ts";
import { LanguageSwitch } from "../../../components/language-switch.tsx";
import { activateLanguage, i18n, savedLanguage } from "../../../lib/i18n/i18n.ts";
import type { OfferedRoomType, SentRequest } from "../components/booking-request-form.tsx";
import { formatDay } from "../components/days.ts";
import { RoomTypeOffer } from "../components/room-type-offer.tsx";
import { stayText } from "../components/stay-text.ts";
import { fetchAvailability } from "../public-booking.ts";

/** The dates, the free room types, and the request a guest sends (or its confirmation). */
function BookingPageBody({ code, onHotel }: { code: string; onHotel: (name: string) => void }) {
  const today = todayIn("Africa/Nairobi");
  const [checkIn, setCheckIn] = useState(today);
  const [checkOut, setCheckOut] = useState(addDays(today, 1));
  const [page, setPage] = useState<PublicAvailability | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<{ message: string; missing: boolean } | null>(null);
  const [asking, setAsking] = useState<OfferedRoomType | null>(null);
  const [sent, setSent] = useState<SentRequest | null>(null);
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
          <RoomTypeOffer
            key={type._id}
            code={code}
            type={type}
            stay={page}
            asking={asking?._id === type._id}
            onAsk={() => setAsking(type)}
            onSent={setSent}
            onCancel={() => setAsking(null)}
          />
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
