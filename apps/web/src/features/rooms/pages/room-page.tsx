import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { formatKES } from "@app/shared/money/money";
import { ROOM_STATUSES, type RoomStatus } from "@app/shared/rooms/room";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { HotelRecordMissing } from "../components/hotel-record-missing.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { BookingDialog } from "../components/booking-dialog.tsx";
import { formatDay } from "../components/days.ts";
import { roomStatusLabel } from "../components/labels.ts";
import { RoomDialog } from "../components/room-dialog.tsx";
import { RoomImages } from "../components/room-images.tsx";
import { BookingStatusChip, RoomStatusChip } from "../components/status-chips.tsx";
import { useDeleteRoomMutation, useGetRoomQuery, useUpdateRoomMutation } from "../rooms-api.ts";

const back = (
  <Button component={Link} to={pathTo("/booking") + "?tab=rooms"} startIcon={<ArrowBackIcon />}>
    <Trans>Rooms</Trans>
  </Button>
);

/** /booking/{roomId}: a room's details, rate, status, pictures and bookings. */
export default function RoomPage() {
  const { roomId = "" } = useParams();
  const navigate = useNavigate();
  const { data: room, isLoading, isError, error, refetch } = useGetRoomQuery(roomId);
  const [update, updating] = useUpdateRoomMutation();
  const [remove, removing] = useDeleteRoomMutation();
  const [editing, setEditing] = useState(false);
  const [booking, setBooking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<{ message: string; hasBookings: boolean } | null>(null);

  if (isLoading) return <Skeleton variant="rounded" height={320} />;
  if (isError || !room)
    return (
      <HotelRecordMissing
        title={t`Room`}
        back={back}
        error={error}
        notFound={<Trans>Room not found.</Trans>}
        onRetry={() => void refetch()}
      />
    );

  const setStatus = (status: RoomStatus) =>
    void update({ id: room._id, body: { status } })
      .unwrap()
      .then(() => toast.success(t`Room ${room.name} is now ${roomStatusLabel(status)}`))
      .catch((err: unknown) => toast.error(describeError(err).message));

  async function confirmDelete() {
    setDeleting(false);
    try {
      await remove(room!._id).unwrap();
      toast.success(t`Room ${room!.name} deleted`);
      void navigate(pathTo("/booking") + "?tab=rooms");
    } catch (err) {
      setDeleteError({
        message: describeError(err).message,
        hasBookings: errorCodeOf(err) === ERROR_CODES.ROOM_HAS_BOOKINGS,
      });
    }
  }

  return (
    <>
      <PageHeader
        title={t`Room ${room.name}`}
        subtitle={`${room.roomType.name} · ${formatKES(room.roomType.rate)} ${t`per night`}`}
        actions={
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            {back}
            <Button variant="contained" onClick={() => setBooking(true)} disabled={room.status === "outOfOrder"}>
              <Trans>Book this room</Trans>
            </Button>
          </Box>
        }
      />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(280px, 1fr) minmax(0, 2fr)" },
        }}
      >
        <Card variant="outlined">
          <CardHeader
            title={t`Details`}
            slotProps={{ title: { variant: "h6" } }}
            action={<RoomStatusChip status={room.status} />}
          />
          <CardContent sx={{ display: "grid", gap: 2, pt: 0 }}>
            <TextField
              select
              size="small"
              label={t`Status`}
              value={room.status}
              disabled={updating.isLoading}
              onChange={(e) => setStatus(e.target.value as RoomStatus)}
              helperText={t`Set it directly, e.g. after cleaning`}
            >
              {ROOM_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {roomStatusLabel(s)}
                </MenuItem>
              ))}
            </TextField>
            <Typography>
              <Trans>
                {room.roomType.name}, sleeps {room.roomType.capacity}
              </Trans>
            </Typography>
            {room.description && <Typography color="text.secondary">{room.description}</Typography>}
            {deleteError && (
              <Alert
                severity="warning"
                action={
                  deleteError.hasBookings && room.status !== "outOfOrder" ? (
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() => (setStatus("outOfOrder"), setDeleteError(null))}
                    >
                      <Trans>Set out of order</Trans>
                    </Button>
                  ) : undefined
                }
              >
                {deleteError.message}
              </Alert>
            )}
            <Box sx={{ display: "flex", gap: 1 }}>
              <Button variant="outlined" onClick={() => setEditing(true)}>
                <Trans>Edit</Trans>
              </Button>
              <Button color="error" onClick={() => setDeleting(true)} disabled={removing.isLoading}>
                <Trans>Delete room</Trans>
              </Button>
            </Box>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader title={t`Pictures`} slotProps={{ title: { variant: "h6" } }} />
          <CardContent sx={{ pt: 0 }}>
            <RoomImages room={room} />
          </CardContent>
        </Card>
      </Box>
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardHeader title={t`Bookings`} slotProps={{ title: { variant: "h6" } }} />
        <CardContent sx={{ pt: 0 }}>
          {room.bookings.length === 0 ? (
            <Typography color="text.secondary">
              <Trans>No bookings for this room yet.</Trans>
            </Typography>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label={t`Bookings of room ${room.name}`} sx={{ minWidth: 560 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>
                      <Trans>Guest</Trans>
                    </TableCell>
                    <TableCell>
                      <Trans>Stay</Trans>
                    </TableCell>
                    <TableCell>
                      <Trans>Status</Trans>
                    </TableCell>
                    <TableCell align="right">
                      <Trans>Balance</Trans>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {room.bookings.map((b) => (
                    <TableRow key={b._id} hover>
                      <TableCell>
                        <Link to={pathTo("/booking/singlebooking/:bookingId", { bookingId: b._id })}>
                          {b.guestName}
                        </Link>
                      </TableCell>
                      <TableCell>
                        {formatDay(b.checkIn)} – {formatDay(b.checkOut)} · <Trans>{b.nights} nights</Trans>
                      </TableCell>
                      <TableCell>
                        <BookingStatusChip status={b.status} />
                      </TableCell>
                      <TableCell align="right">{formatKES(b.balance)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
      {editing && <RoomDialog room={room} onClose={() => setEditing(false)} />}
      {booking && <BookingDialog roomId={room._id} onClose={() => setBooking(false)} />}
      <ConfirmDialog
        open={deleting}
        title={t`Delete room ${room.name}?`}
        text={t`It leaves the lists and the board; its past bookings keep it. A room with bookings to come cannot be deleted.`}
        confirmLabel={t`Delete`}
        onClose={() => setDeleting(false)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
