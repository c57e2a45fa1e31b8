import type { Session } from "@app/shared/accounts/auth";
import type { PinSwitchInput, PinUser } from "@app/shared/accounts/pin";
import { baseApi } from "../../api/base-api.ts";

/** The quick cashier switch: PINs the owner sets, staff who may take over, the switch itself. */
export const tillPinApi = baseApi.enhanceEndpoints({ addTagTypes: ["TillPin"] }).injectEndpoints({
  endpoints: (build) => ({
    pinUsers: build.query<PinUser[], string>({
      query: (businessId) => `/tillSwitch/users?businessId=${businessId}`,
      providesTags: ["TillPin"],
    }),
    setTillPin: build.mutation<null, { employeeId: string; pin: string | null }>({
      query: ({ employeeId, pin }) => ({ url: `/tillPin/${employeeId}`, method: "PUT", body: { pin } }),
      invalidatesTags: ["TillPin"],
    }),
    tillSwitch: build.mutation<Session, PinSwitchInput>({
      query: (body) => ({ url: "/tillSwitch", method: "POST", body }),
    }),
  }),
});
export const { usePinUsersQuery, useSetTillPinMutation, useTillSwitchMutation } = tillPinApi;
