import type { ChangePasswordInput } from "@app/shared/accounts/auth";
import { baseApi } from "../../api/base-api.ts";

/** The signed-in user's own password and sessions (spec: owners change their password; anyone ends their other sessions). */
export const accountSecurityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<null, ChangePasswordInput>({
      query: (body) => ({ url: "/auth/password", method: "POST", body }),
    }),
    logoutOthers: build.mutation<{ ended: number }, void>({
      query: () => ({ url: "/auth/logoutOthers", method: "POST", body: {} }),
    }),
  }),
});
export const { useChangePasswordMutation, useLogoutOthersMutation } = accountSecurityApi;
