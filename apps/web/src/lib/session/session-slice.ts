import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { Session } from "@app/shared/accounts/auth";

/** The signed-in user (spec section 4 "Login": start, success, failure, logout). */
export type SessionState = { user: Session | null; loading: boolean; error: string | null };
const initialState: SessionState = { user: null, loading: false, error: null };

export const sessionSlice = createSlice({
  name: "session",
  initialState,
  reducers: {
    loginStart: (s) => {
      s.loading = true;
      s.error = null;
    },
    loginSuccess: (s, a: PayloadAction<Session>) => {
      s.user = a.payload;
      s.loading = false;
      s.error = null;
    },
    loginFailure: (s, a: PayloadAction<string>) => {
      s.loading = false;
      s.error = a.payload;
    },
    loggedOut: () => initialState,
  },
});
export const { loginStart, loginSuccess, loginFailure, loggedOut } = sessionSlice.actions;
