import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Card, CardContent, CardHeader, Typography } from "@mui/material";
import { BookingPageLink } from "./booking-page-link.tsx";

/** Settings: the hotel's public booking page, where guests see free rooms and send requests. */
export function BookingPageCard() {
  return (
    <Card variant="outlined" data-testid="booking-page-card">
      <CardHeader title={t`Online bookings`} slotProps={{ title: { variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <Trans>
            Share this link (on your website, WhatsApp or social media). Guests see which room types are free for their
            dates and send a request; you confirm or decline it under Rooms, Online bookings.
          </Trans>
        </Typography>
        <BookingPageLink />
      </CardContent>
    </Card>
  );
}
