import type { Employee, RegisterEmployeeInput, UpdateEmployeeInput } from "@app/shared/accounts/auth";
import type { ChangeEmployeePasswordInput, DeleteEmployeeResult } from "@app/shared/hr/employee";
import { baseApi } from "../../api/base-api.ts";

/** HR Department: staff accounts, their flags, removal that keeps history, a member of staff's own settings. */
export const hrApi = baseApi.enhanceEndpoints({ addTagTypes: ["Employee"] }).injectEndpoints({
  endpoints: (build) => ({
    listEmployees: build.query<Employee[], string>({
      query: (businessId) => ({ url: "/employees", params: { businessId } }),
      providesTags: ["Employee"],
    }),
    getEmployee: build.query<Employee, string>({
      query: (id) => `/employees/${id}`,
      providesTags: (_r, _e, id) => [{ type: "Employee", id }],
    }),
    registerEmployee: build.mutation<Employee, RegisterEmployeeInput>({
      query: (body) => ({ url: "/employeesAuth/register", method: "POST", body }),
      invalidatesTags: ["Employee"],
    }),
    updateEmployee: build.mutation<Employee, { id: string; body: UpdateEmployeeInput }>({
      query: ({ id, body }) => ({ url: `/employees/${id}`, method: "PUT", body }),
      invalidatesTags: ["Employee"],
    }),
    deleteEmployee: build.mutation<DeleteEmployeeResult, string>({
      query: (id) => ({ url: `/employees/${id}`, method: "DELETE" }),
      invalidatesTags: ["Employee"],
    }),
    changeOwnPassword: build.mutation<null, { id: string; body: ChangeEmployeePasswordInput }>({
      query: ({ id, body }) => ({ url: `/employees/${id}/password`, method: "PUT", body }),
    }),
    setEmployeeImage: build.mutation<Employee, { id: string; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append("image", file);
        return { url: `/employees/${id}/image`, method: "POST", body };
      },
      invalidatesTags: ["Employee"],
    }),
    removeEmployeeImage: build.mutation<Employee, string>({
      query: (id) => ({ url: `/employees/${id}/image`, method: "DELETE" }),
      invalidatesTags: ["Employee"],
    }),
  }),
});

export const {
  useListEmployeesQuery,
  useGetEmployeeQuery,
  useRegisterEmployeeMutation,
  useUpdateEmployeeMutation,
  useDeleteEmployeeMutation,
  useChangeOwnPasswordMutation,
  useSetEmployeeImageMutation,
  useRemoveEmployeeImageMutation,
} = hrApi;
