import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import type { OnlineRequest, OnlineRequestStatus } from "@app/shared/rooms/online-booking";
import { describeError } from "../../../api/errors.ts";
import { pathTo } from "../../../lib/paths.ts";
import {
  useConfirmOnlineRequestMutation,
  useDeclineOnlineRequestMutation,
  useListOnlineRequestsQuery,
  useListRoomsQuery,
} from "../rooms-api.ts";
import { BookingPageLink } from "./booking-page-link.tsx";
import { formatDay } from "./days.ts";
import { requestStatusLabel } from "./labels.ts";
import { ReasonDialog } from "./reason-dialog.tsx";
import { useHotel } from "./use-hotel.ts";

/** Confirm: books the room chosen (or the first free one of the type); the same no-double-booking rule holds. */
function ConfirmDialog({ request, onClose }: { request: OnlineRequest; onClose: () => void }) {
  const { businessId } = useHotel();
  const navigate = useNavigate();
  const rooms = useListRoomsQuery(businessId, { skip: !businessId });
  const [confirm, { isLoading }] = useConfirmOnlineRequestMutation();
  const [roomId, setRoomId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ofType = (rooms.data ?? []).filter((r) => r.roomType._id === request.roomType._id && r.status !== "outOfOrder");

  async function submit() {
    setError(null);
    try {
      const booking = await confirm({ id: request._id, roomId: roomId || null }).unwrap();
      toast.success(t`${request.guestName} is booked in room ${booking.room.name}`);
      onClose();
      void navigate(pathTo("/booking/singlebooking/:bookingId", { bookingId: booking._id }));
    } catch (err) {
      setError(describeError(err).message);
    }
  }
  return (
    <ResponsiveDialog
      open
      onClose={isLoading ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="confirm-request-title"
    >
      <DialogTitle id="confirm-request-title">
        <Trans>Confirm {request.guestName}'s request</Trans>
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Typography sx={{ mb: 2 }}>
          {request.roomType.name} · {formatDay(request.checkIn)} – {formatDay(request.checkOut)}
        </Typography>
        <TextField
          select
          fullWidth
          size="small"
          label={t`Room`}
          value={roomId}
          onChange={(e) => setRoomId(e.target.value)}
        >
          <MenuItem value="">
            <Trans>The first free room of this type</Trans>
          </MenuItem>
          {ofType.map((r) => (
            <MenuItem key={r._id} value={r._id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          <Trans>Confirm and book</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

function DeclineDialog({ request, onClose }: { request: OnlineRequest; onClose: () => void }) {
  const [decline, { isLoading }] = useDeclineOnlineRequestMutation();
  return (
    <ReasonDialog
      id="decline-request-title"
      title={<Trans>Decline {request.guestName}'s request?</Trans>}
      confirmLabel={<Trans>Decline</Trans>}
      busy={isLoading}
      onClose={onClose}
      onConfirm={async (reason) => {
        await decline({ id: request._id, reason }).unwrap();
        toast.success(t`${request.guestName}'s request declined`);
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <Trans>Call the guest on {formatKenyanPhone(request.guestPhone)} to let them know.</Trans>
      </Typography>
    </ReasonDialog>
  );
}

/** Guests' requests from the public page: confirm (books a room) or decline; the page's link to share. */
export function OnlineTab() {
  const { businessId } = useHotel();
  const [show, setShow] = useState<OnlineRequestStatus | "all">("pending");
  const { data, isLoading, isError, error } = useListOnlineRequestsQuery(businessId, { skip: !businessId });
  const [confirming, setConfirming] = useState<OnlineRequest | null>(null);
  const [declining, setDeclining] = useState<OnlineRequest | null>(null);
  const list = (data ?? []).filter((r) => show === "all" || r.status === show);

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <BookingPageLink />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={show}
        onChange={(_e, v) => v && setShow(v)}
        aria-label={t`Show requests`}
      >
        <ToggleButton value="pending">{requestStatusLabel("pending")}</ToggleButton>
        <ToggleButton value="confirmed">{requestStatusLabel("confirmed")}</ToggleButton>
        <ToggleButton value="declined">{requestStatusLabel("declined")}</ToggleButton>
        <ToggleButton value="all">
          <Trans>All</Trans>
        </ToggleButton>
      </ToggleButtonGroup>
      {isError && <Alert severity="error">{describeError(error).message}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={120} />}
      {data && list.length === 0 && (
        <Typography color="text.secondary">
          {show === "pending" ? <Trans>No requests waiting.</Trans> : <Trans>No requests here.</Trans>}
        </Typography>
      )}
      <Box
        sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(min(280px, 100%), 1fr))" }}
        data-testid="online-requests"
      >
        {list.map((r) => (
          <Card key={r._id} variant="outlined">
            <CardContent>
              <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{r.guestName}</Typography>
                <Chip
                  size="small"
                  label={requestStatusLabel(r.status)}
                  color={r.status === "pending" ? "warning" : r.status === "confirmed" ? "success" : "default"}
                />
              </Box>
              <Stack spacing={0.25} sx={{ mt: 1 }}>
                <Typography variant="body2">{formatKenyanPhone(r.guestPhone)}</Typography>
                <Typography variant="body2">
                  {r.roomType.name} · <Trans>{r.guests} guests</Trans>
                </Typography>
                <Typography variant="body2">
                  {formatDay(r.checkIn)} – {formatDay(r.checkOut)}
                </Typography>
                {r.message && (
                  <Typography variant="body2" color="text.secondary">
                    “{r.message}”
                  </Typography>
                )}
                {r.status === "pending" && r.available !== null && (
                  <Typography variant="body2" color={r.available > 0 ? "success.main" : "error"}>
                    {r.available > 0 ? (
                      <Trans>{r.available} free for these dates</Trans>
                    ) : (
                      <Trans>None free for these dates</Trans>
                    )}
                  </Typography>
                )}
                {r.declineReason && (
                  <Typography variant="body2" color="text.secondary">
                    <Trans>Reason: {r.declineReason}</Trans>
                  </Typography>
                )}
              </Stack>
            </CardContent>
            {r.status === "pending" && (
              <CardActions>
                <Button variant="contained" size="small" onClick={() => setConfirming(r)} disabled={r.available === 0}>
                  <Trans>Confirm</Trans>
                </Button>
                <Button color="error" size="small" onClick={() => setDeclining(r)}>
                  <Trans>Decline</Trans>
                </Button>
              </CardActions>
            )}
          </Card>
        ))}
      </Box>
      {confirming && <ConfirmDialog request={confirming} onClose={() => setConfirming(null)} />}
      {declining && <DeclineDialog request={declining} onClose={() => setDeclining(null)} />}
    </Box>
  );
}
