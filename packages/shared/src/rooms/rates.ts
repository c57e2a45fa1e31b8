import { addDays, nightsOf, weekdayOf } from "./days.ts";
import type { RoomType, Season } from "./room.ts";

export type Rates = Pick<RoomType, "rate" | "weekendRate"> & { seasons: readonly Season[] | RoomType["seasons"] };

/** Friday and Saturday nights are weekend nights (the nights before Saturday and Sunday). */
export const isWeekendNight = (day: string) => {
  const w = weekdayOf(day);
  return w === 5 || w === 6;
};

/**
 * The price of one night: the season that holds the day (its weekend rate on a weekend night),
 * else the weekend rate on a weekend night, else the rate.
 */
export function nightlyRate(rates: Rates, day: string): number {
  const weekend = isWeekendNight(day);
  const season = rates.seasons.find((s) => s.from <= day && day <= s.to);
  if (season) return weekend && season.weekendRate ? season.weekendRate : season.rate;
  return weekend && rates.weekendRate ? rates.weekendRate : rates.rate;
}

export type StayQuote = { nights: number; nightlyRates: number[]; total: number };

/**
 * What a stay costs, night by night: the rates are worked out now and stored with the booking,
 * so a later change of price never changes a booking already made. `agreedRate` (a price agreed
 * at the desk) replaces every night's rate.
 */
export function quoteStay(rates: Rates, checkIn: string, checkOut: string, agreedRate?: number | null): StayQuote {
  const nightlyRates = nightsOf(checkIn, checkOut).map((day) => agreedRate ?? nightlyRate(rates, day));
  return { nights: nightlyRates.length, nightlyRates, total: nightlyRates.reduce((a, b) => a + b, 0) };
}

/**
 * New dates for a booking already made: the nights it already had keep the rates stored with it
 * (the price it was made at); only nights new to it take today's rates. With a new room type or
 * a new agreed rate, every night is priced afresh.
 */
export function requoteStay(
  old: { checkIn: string; nightlyRates: readonly number[] },
  rates: Rates,
  checkIn: string,
  checkOut: string,
  agreedRate: number | null,
  samePrices: boolean,
): StayQuote {
  if (!samePrices) return quoteStay(rates, checkIn, checkOut, agreedRate);
  const kept = new Map(
    nightsOf(old.checkIn, addDays(old.checkIn, old.nightlyRates.length)).map((d, i) => [d, old.nightlyRates[i]!]),
  );
  const nightlyRates = nightsOf(checkIn, checkOut).map((day) => kept.get(day) ?? agreedRate ?? nightlyRate(rates, day));
  return { nights: nightlyRates.length, nightlyRates, total: nightlyRates.reduce((a, b) => a + b, 0) };
}
