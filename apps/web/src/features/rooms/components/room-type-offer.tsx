import { Trans } from "@lingui/react/macro";
import BedIcon from "@mui/icons-material/HotelOutlined";
import { Box, Button, Card, CardActions, CardContent, Typography } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import type { PublicAvailability } from "@app/shared/rooms/online-booking";
import { BookingRequestForm, type OfferedRoomType, type SentRequest } from "./booking-request-form.tsx";
import { formatDay } from "./days.ts";

type Props = {
  code: string;
  type: OfferedRoomType;
  /** The dates the page was asked for (none before the first look). */
  stay: Pick<PublicAvailability, "checkIn" | "checkOut">;
  /** The guest is filling in the request for this type. */
  asking: boolean;
  onAsk: () => void;
  onSent: (s: SentRequest) => void;
  onCancel: () => void;
};

/** One room type on the public booking page: photo, capacity, rate, the stay's price, what is free, and its request. */
export function RoomTypeOffer({ code, type, stay, asking, onAsk, onSent, onCancel }: Props) {
  return (
    <Card variant="outlined">
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
            {stay.checkIn && stay.checkOut && type.stayTotal !== null && (
              <Typography sx={{ fontWeight: 600 }}>
                <Trans>
                  {formatDay(stay.checkIn)} – {formatDay(stay.checkOut)}: {formatKES(type.stayTotal)}
                </Trans>
              </Typography>
            )}
            <Typography color={type.available ? "success.main" : "error"} sx={{ mt: 0.5 }} data-testid="availability">
              {type.available ? (
                <Trans>{type.available} free for your dates</Trans>
              ) : (
                <Trans>None free for your dates</Trans>
              )}
            </Typography>
            {asking && stay.checkIn && stay.checkOut && (
              <BookingRequestForm
                code={code}
                type={type}
                stay={{ checkIn: stay.checkIn, checkOut: stay.checkOut }}
                onSent={onSent}
                onCancel={onCancel}
              />
            )}
          </CardContent>
          {!asking && (
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button variant="contained" disabled={!type.available} onClick={onAsk}>
                <Trans>Request this room</Trans>
              </Button>
            </CardActions>
          )}
        </Box>
      </Box>
    </Card>
  );
}
