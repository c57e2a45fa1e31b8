import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { AccessKey } from "@app/shared/accounts/auth";

/** The device's pairing (spec section 4 "Access key": start, success, failure, reset). */
export type AccessKeyState = { key: AccessKey | null; loading: boolean; error: string | null };
const initialState: AccessKeyState = { key: null, loading: false, error: null };

export const accessKeySlice = createSlice({
  name: "accessKey",
  initialState,
  reducers: {
    accessKeyStart: (s) => {
      s.loading = true;
      s.error = null;
    },
    accessKeySuccess: (s, a: PayloadAction<AccessKey>) => {
      s.key = a.payload;
      s.loading = false;
    },
    accessKeyFailure: (s, a: PayloadAction<string>) => {
      s.loading = false;
      s.error = a.payload;
    },
    accessKeyReset: () => initialState,
  },
});
export const { accessKeyStart, accessKeySuccess, accessKeyFailure, accessKeyReset } = accessKeySlice.actions;
