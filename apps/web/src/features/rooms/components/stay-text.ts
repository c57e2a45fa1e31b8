import { t } from "@lingui/core/macro";
import { MAX_NIGHTS } from "@app/shared/rooms/booking";
import { daysBetween } from "@app/shared/rooms/days";

/** The shared stay rule (stayProblem), said in the current language; null when the dates make a stay. */
export function stayText(checkIn: string, checkOut: string): string | null {
  const nights = daysBetween(checkIn, checkOut);
  if (nights < 0) return t`Check-out must be after check-in`;
  if (nights === 0) return t`A booking needs at least one night`;
  if (nights > MAX_NIGHTS) return t`At most ${MAX_NIGHTS} nights in one booking`;
  return null;
}
