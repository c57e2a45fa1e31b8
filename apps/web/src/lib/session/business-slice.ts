import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { Business } from "@app/shared/businesses/business";

/**
 * The business the app acts for (spec section 3 "Business data": id, businessType,
 * accountActive) and the others the user may switch to.
 */
export type BusinessState = { current: Business | null; list: Business[]; isFetching: boolean; error: boolean };
const initialState: BusinessState = { current: null, list: [], isFetching: false, error: false };

export const businessSlice = createSlice({
  name: "business",
  initialState,
  reducers: {
    businessesFetchStart: (s) => {
      s.isFetching = true;
      s.error = false;
    },
    businessesFetched: (s, a: PayloadAction<Business[]>) => {
      s.isFetching = false;
      s.list = a.payload;
      // Keep the chosen business when it is still there (fresh data), else the first one.
      s.current = a.payload.find((b) => b._id === s.current?._id) ?? a.payload[0] ?? null;
    },
    businessesFetchFailure: (s) => {
      s.isFetching = false;
      s.error = true;
    },
    businessChosen: (s, a: PayloadAction<string>) => {
      s.current = s.list.find((b) => b._id === a.payload) ?? s.current;
    },
    /** Update start/success/failure (spec section 4): the Settings page saving the business. */
    businessUpdateStart: (s) => {
      s.isFetching = true;
      s.error = false;
    },
    /** Update success merges the returned record over the existing one (spec section 4). */
    businessUpdated: (s, a: PayloadAction<Business>) => {
      s.isFetching = false;
      s.list = s.list.map((b) => (b._id === a.payload._id ? { ...b, ...a.payload } : b));
      if (s.current?._id === a.payload._id) s.current = { ...s.current, ...a.payload };
    },
    businessUpdateFailure: (s) => {
      s.isFetching = false;
      s.error = true;
    },
    businessReset: () => initialState,
  },
});
export const {
  businessesFetchStart,
  businessesFetched,
  businessesFetchFailure,
  businessChosen,
  businessUpdateStart,
  businessUpdated,
  businessUpdateFailure,
  businessReset,
} = businessSlice.actions;
