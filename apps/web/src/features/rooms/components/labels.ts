import { t } from "@lingui/core/macro";
import type { BillPaymentMethod, BookingStatus } from "@app/shared/rooms/booking";
import type { ConferenceStatus } from "@app/shared/rooms/conference";
import type { OnlineRequestStatus } from "@app/shared/rooms/online-booking";
import type { RoomStatus } from "@app/shared/rooms/room";

/** What people read for the codes the API uses (called at render, so in the current language). */
export const roomStatusLabel = (s: RoomStatus): string =>
  ({
    available: t`Available`,
    booked: t`Booked`,
    occupied: t`Occupied`,
    cleaning: t`Cleaning`,
    outOfOrder: t`Out of order`,
  })[s];

export const bookingStatusLabel = (s: BookingStatus): string =>
  ({ booked: t`Booked`, checkedIn: t`Checked in`, checkedOut: t`Checked out`, cancelled: t`Cancelled` })[s];

export const conferenceStatusLabel = (s: ConferenceStatus): string =>
  ({ booked: t`Booked`, cancelled: t`Cancelled` })[s];

export const requestStatusLabel = (s: OnlineRequestStatus): string =>
  ({ pending: t`Waiting`, confirmed: t`Confirmed`, declined: t`Declined` })[s];

/** Cash and Bank Transfer are translated; M-Pesa is a name and stays as it is (glossary). */
export const methodLabel = (m: BillPaymentMethod): string =>
  ({ Cash: t`Cash`, "M-Pesa": "M-Pesa", "Bank Transfer": t`Bank Transfer` })[m];

export const ROOM_STATUS_COLORS: Record<RoomStatus, "success" | "info" | "warning" | "default" | "error"> = {
  available: "success",
  booked: "info",
  occupied: "warning",
  cleaning: "default",
  outOfOrder: "error",
};
export const BOOKING_STATUS_COLORS: Record<BookingStatus, "info" | "success" | "default" | "error"> = {
  booked: "info",
  checkedIn: "success",
  checkedOut: "default",
  cancelled: "error",
};
