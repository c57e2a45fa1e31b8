import type {
  CreateCustomerInput,
  Customer,
  CustomerPage,
  CustomerStatement,
  ListCustomersQuery,
  UpdateCustomerInput,
} from "@app/shared/customers/customer";
import { baseApi } from "../../api/base-api.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";

type ListArgs = Partial<Omit<ListCustomersQuery, "businessId">> & { businessId: string };
const params = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ""));

/**
 * Customers (spec section 7: /api/customers, /api/customersAuth/register). Credit sales and
 * payments change what a customer owes: the pages refetch on mount, and the "Sale" tag of the
 * sales features also refreshes them.
 */
export const customersApi = baseApi.enhanceEndpoints({ addTagTypes: ["Customer", "Sale", "Order"] }).injectEndpoints({
  endpoints: (build) => ({
    listCustomers: build.query<CustomerPage, ListArgs>({
      query: (q) => ({ url: "/customers", params: params(q) }),
      providesTags: ["Customer"],
    }),
    getCustomer: build.query<Customer, string>({
      query: (id) => `/customers/${id}`,
      providesTags: (_r, _e, id) => [{ type: "Customer", id }, "Sale", "Order"],
    }),
    customerStatement: build.query<CustomerStatement, string>({
      query: (id) => `/customers/${id}/statement`,
      providesTags: (_r, _e, id) => [{ type: "Customer", id }, "Sale", "Order"],
    }),
    createCustomer: build.mutation<Customer, CreateCustomerInput>({
      query: (body) => ({ url: "/customersAuth/register", method: "POST", body }),
      invalidatesTags: ["Customer"],
    }),
    updateCustomer: build.mutation<Customer, { id: string; body: UpdateCustomerInput }>({
      query: ({ id, body }) => ({ url: `/customers/${id}`, method: "PUT", body }),
      invalidatesTags: ["Customer"],
    }),
    deleteCustomer: build.mutation<{ deleted: boolean; customer: Customer }, string>({
      query: (id) => ({ url: `/customers/${id}`, method: "DELETE" }),
      invalidatesTags: ["Customer"],
    }),
  }),
});
export const {
  useListCustomersQuery,
  useGetCustomerQuery,
  useCustomerStatementQuery,
  useCreateCustomerMutation,
  useUpdateCustomerMutation,
  useDeleteCustomerMutation,
} = customersApi;

/**
 * Search as you type: the customers whose name or phone holds the text, asked of the server
 * 250 ms after the last key (the till and the credit pages pick customers with it).
 */
export function useCustomerSearch(businessId: string | undefined, text: string) {
  const q = useDebouncedValue(text.trim(), 250);
  const { data, isFetching } = useListCustomersQuery(
    { businessId: businessId ?? "", pageSize: 8, ...(q ? { q } : {}) },
    { skip: !businessId },
  );
  return { options: data?.items ?? [], loading: isFetching || q !== text.trim() };
}
