import type { AccessKey, AccessKeyInput, AdminLoginInput, EmployeeLoginInput, RegisterBusinessInput, Session } from "@app/shared/auth/auth";
import type { Business } from "@app/shared/business/business";
import { baseApi } from "../../api/base-api.ts";

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    registerBusiness: build.mutation<Session & { business: Business }, RegisterBusinessInput>({
      query: (body) => ({ url: "/businesses/register", method: "POST", body }),
    }),
    adminLogin: build.mutation<Session, AdminLoginInput>({ query: (body) => ({ url: "/adminAuth/login", method: "POST", body }) }),
    employeeLogin: build.mutation<Session, EmployeeLoginInput>({ query: (body) => ({ url: "/employeesAuth/login", method: "POST", body }) }),
    requestAccessKey: build.mutation<AccessKey, AccessKeyInput>({ query: (body) => ({ url: "/accessKeys", method: "POST", body }) }),
  }),
});
export const { useRegisterBusinessMutation, useAdminLoginMutation, useEmployeeLoginMutation, useRequestAccessKeyMutation } = authApi;
