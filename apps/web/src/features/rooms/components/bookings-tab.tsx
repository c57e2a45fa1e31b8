import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  LinearProgress,
  MenuItem,
  Paper,
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
import { useNavigate } from "react-router";
import { formatKES } from "@app/shared/money/money";
import { BOOKING_STATUSES, type BookingStatus } from "@app/shared/rooms/booking";
import { describeError } from "../../../api/errors.ts";
import { pathTo } from "../../../lib/paths.ts";
import { useListBookingsQuery } from "../rooms-api.ts";
import { formatDay } from "./days.ts";
import { bookingStatusLabel } from "./labels.ts";
import { BookingStatusChip } from "./status-chips.tsx";
import { useHotel } from "./use-hotel.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";

/** Every booking, newest stay first, by status or searched by guest, phone or room. */
export function BookingsTab() {
  const { businessId } = useHotel();
  const navigate = useNavigate();
  const [status, setStatus] = useState<BookingStatus | "">("");
  const [text, setText] = useState("");
  const q = useDebouncedValue(text.trim(), 300);
  const { data, isFetching, isError, error } = useListBookingsQuery(
    { businessId, ...(status ? { status } : {}), ...(q ? { q } : {}), limit: 200 },
    { skip: !businessId },
  );
  const open = (id: string) => void navigate(pathTo("/booking/singlebooking/:bookingId", { bookingId: id }));

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        <TextField
          size="small"
          label={t`Search guest, phone or room`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ flex: "1 1 240px", maxWidth: 420 }}
        />
        <TextField
          select
          size="small"
          label={t`Status`}
          value={status}
          onChange={(e) => setStatus(e.target.value as BookingStatus | "")}
          sx={{ width: 180 }}
        >
          <MenuItem value="">
            <Trans>All</Trans>
          </MenuItem>
          {BOOKING_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {bookingStatusLabel(s)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {isFetching && <LinearProgress aria-label={t`Loading bookings`} />}
      {isError && <Alert severity="error">{describeError(error).message}</Alert>}
      {data?.length === 0 && (
        <Typography color="text.secondary">
          {q || status ? <Trans>No bookings match.</Trans> : <Trans>No bookings yet.</Trans>}
        </Typography>
      )}
      {Boolean(data?.length) && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t`Bookings`} sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Guest</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Room</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Check-in</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Check-out</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Status</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Total</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Balance</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data!.map((b) => (
                <TableRow
                  key={b._id}
                  hover
                  tabIndex={0}
                  sx={{ cursor: "pointer" }}
                  onClick={() => open(b._id)}
                  onKeyDown={(e) => e.key === "Enter" && open(b._id)}
                >
                  <TableCell>
                    {b.guestName}
                    <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                      {formatKenyanPhone(b.guestPhone)}
                    </Typography>
                  </TableCell>
                  <TableCell>{b.room.name}</TableCell>
                  <TableCell>{formatDay(b.checkIn)}</TableCell>
                  <TableCell>{formatDay(b.checkOut)}</TableCell>
                  <TableCell>
                    <BookingStatusChip status={b.status} />
                  </TableCell>
                  <TableCell align="right">{formatKES(b.total)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: b.balance > 0 ? 600 : 400 }}>
                    {formatKES(b.balance)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
