import { Chip } from "@mui/material";
import type { BookingStatus } from "@app/shared/rooms/booking";
import type { RoomStatus } from "@app/shared/rooms/room";
import { BOOKING_STATUS_COLORS, bookingStatusLabel, ROOM_STATUS_COLORS, roomStatusLabel } from "./labels.ts";

export const RoomStatusChip = ({ status }: { status: RoomStatus }) => (
  <Chip size="small" color={ROOM_STATUS_COLORS[status]} label={roomStatusLabel(status)} data-testid="room-status" />
);

export const BookingStatusChip = ({ status }: { status: BookingStatus }) => (
  <Chip
    size="small"
    color={BOOKING_STATUS_COLORS[status]}
    label={bookingStatusLabel(status)}
    data-testid="booking-status"
  />
);
