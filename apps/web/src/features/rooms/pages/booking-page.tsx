import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Alert, Box, Button, Card, CardContent, CardHeader, Skeleton, Typography } from "@mui/material";
import { useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { HotelRecordMissing } from "../components/hotel-record-missing.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { BillCard } from "../components/bill-card.tsx";
import { CancelBookingDialog, ChargeDialog, CheckOutDialog } from "../components/booking-actions.tsx";
import { BookingDialog } from "../components/booking-dialog.tsx";
import { formatDay } from "../components/days.ts";
import { PaymentDialog } from "../components/payment-dialog.tsx";
import { BookingStatusChip } from "../components/status-chips.tsx";
import { useHotel } from "../components/use-hotel.ts";
import { useCheckInMutation, useGetBookingQuery } from "../rooms-api.ts";

const back = (
  <Button component={Link} to={pathTo("/booking")} startIcon={<ArrowBackIcon />}>
    <Trans>Front desk</Trans>
  </Button>
);

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="div">{children}</Typography>
  </Box>
);

type Open = "edit" | "pay" | "charge" | "checkout" | "cancel" | null;

/**
 * /booking/singlebooking/{bookingId}: a booking's guest, dates, nights and rates, its bill
 * (deposits, payments, charges, balance), and the desk's actions: check in, check out, cancel.
 */
export default function BookingPage() {
  const { bookingId = "" } = useParams();
  const { timeZone, today } = useHotel();
  const { data: b, isLoading, isError, error, refetch } = useGetBookingQuery(bookingId);
  const [checkIn, checkingIn] = useCheckInMutation();
  const [open, setOpen] = useState<Open>(null);

  if (isLoading) return <Skeleton variant="rounded" height={360} />;
  if (isError || !b)
    return (
      <HotelRecordMissing
        title={t`Booking`}
        back={back}
        error={error}
        notFound={<Trans>Booking not found.</Trans>}
        onRetry={() => void refetch()}
      />
    );

  const live = b.status === "booked" || b.status === "checkedIn";
  const doCheckIn = () =>
    void checkIn(b._id)
      .unwrap()
      .then(() => toast.success(t`${b.guestName} checked in to room ${b.room.name}`))
      .catch((err: unknown) => toast.error(describeError(err).message));

  return (
    <>
      <PageHeader
        title={t`Booking · ${b.guestName}`}
        subtitle={`${t`Room ${b.room.name}`} · ${formatDay(b.checkIn)} – ${formatDay(b.checkOut)}`}
        actions={back}
      />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 2 }} data-testid="booking-actions">
        <BookingStatusChip status={b.status} />
        <Box sx={{ flex: 1 }} />
        {b.status === "booked" && (
          <Button variant="contained" onClick={doCheckIn} disabled={checkingIn.isLoading || today < b.checkIn}>
            <Trans>Check in</Trans>
          </Button>
        )}
        {b.status === "checkedIn" && (
          <Button variant="contained" onClick={() => setOpen("checkout")}>
            <Trans>Check out</Trans>
          </Button>
        )}
        {live && (
          <Button variant="outlined" onClick={() => setOpen("edit")}>
            <Trans>Change</Trans>
          </Button>
        )}
        {b.status === "booked" && (
          <Button color="error" onClick={() => setOpen("cancel")}>
            <Trans>Cancel booking</Trans>
          </Button>
        )}
      </Box>
      {b.status === "booked" && today < b.checkIn && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Trans>Check-in opens on {formatDay(b.checkIn)}.</Trans>
        </Alert>
      )}
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
          alignItems: "start",
        }}
      >
        <Card variant="outlined">
          <CardHeader title={t`Guest and stay`} slotProps={{ title: { variant: "h6" } }} />
          <CardContent
            sx={{
              pt: 0,
              display: "grid",
              gap: 1.5,
              gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
              overflowWrap: "anywhere",
            }}
          >
            <Field label={t`Guest`}>{b.guestName}</Field>
            <Field label={t`Phone`}>{formatKenyanPhone(b.guestPhone)}</Field>
            <Field label={t`Room`}>
              <Link to={pathTo("/booking/:roomId", { roomId: b.room._id })}>{b.room.name}</Link> · {b.room.roomType}
            </Field>
            <Field label={t`Guests`}>{b.guests}</Field>
            <Field label={t`Check-in`}>{formatDay(b.checkIn)}</Field>
            <Field label={t`Check-out`}>{formatDay(b.checkOut)}</Field>
            <Field label={t`Nights`}>{b.nights}</Field>
            <Field label={t`Rate`}>
              {b.agreedRate
                ? t`${formatKES(b.agreedRate)} agreed`
                : b.nightlyRates.every((r) => r === b.nightlyRates[0])
                  ? formatKES(b.nightlyRates[0] ?? 0)
                  : t`By night (see the bill)`}
            </Field>
            <Field label={t`Booked by`}>
              {b.createdBy}
              {b.source === "online" ? ` · ${t`online request`}` : ""}
            </Field>
            <Field label={t`Booked on`}>{formatDateTime(b.createdAt, timeZone)}</Field>
            {b.checkedInAt && <Field label={t`Checked in`}>{formatDateTime(b.checkedInAt, timeZone)}</Field>}
            {b.checkedOutAt && <Field label={t`Checked out`}>{formatDateTime(b.checkedOutAt, timeZone)}</Field>}
            {b.cancelledAt && (
              <Field label={t`Cancelled`}>
                {formatDateTime(b.cancelledAt, timeZone)}
                {b.cancelReason ? ` · ${b.cancelReason}` : ""}
              </Field>
            )}
            {b.notes && (
              <Box sx={{ gridColumn: "1 / -1" }}>
                <Field label={t`Notes`}>{b.notes}</Field>
              </Box>
            )}
          </CardContent>
        </Card>
        <BillCard
          booking={b}
          actions={
            <>
              {b.status !== "cancelled" && b.bill.balance > 0 && (
                <Button variant="contained" size="small" onClick={() => setOpen("pay")}>
                  <Trans>Take payment</Trans>
                </Button>
              )}
              {live && (
                <Button size="small" onClick={() => setOpen("charge")}>
                  <Trans>Add charge</Trans>
                </Button>
              )}
            </>
          }
        />
      </Box>
      {open === "edit" && <BookingDialog booking={b} onClose={() => setOpen(null)} />}
      {open === "pay" && (
        <PaymentDialog
          bill={{ kind: "booking", id: b._id, balance: b.bill.balance, who: b.guestName }}
          onClose={() => setOpen(null)}
        />
      )}
      {open === "charge" && <ChargeDialog booking={b} onClose={() => setOpen(null)} />}
      {open === "checkout" && <CheckOutDialog booking={b} onClose={() => setOpen(null)} />}
      {open === "cancel" && <CancelBookingDialog booking={b} onClose={() => setOpen(null)} />}
    </>
  );
}
