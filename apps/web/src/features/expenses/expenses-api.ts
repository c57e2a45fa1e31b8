import type {
  CreateExpenseInput,
  Expense,
  ExpenseCategory,
  ExpensePage,
  ListExpensesQuery,
  TillCashOutInput,
  UpdateExpenseInput,
} from "@app/shared/expenses/expense";
import { baseApi } from "../../api/base-api.ts";
import { paramsOf } from "../../lib/idempotency-key.ts";

type Keyed<T> = T & { idempotencyKey: string };

/** Expenses, their categories and receipt photos, and the till's cash-out. Money moves: the cash book ("Money") refreshes. */
export const expensesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ["Expense", "ExpenseCategory", "Money", "CashUp"] })
  .injectEndpoints({
    endpoints: (build) => ({
      listExpenses: build.query<ExpensePage, Partial<ListExpensesQuery> & { businessId: string }>({
        query: (q) => ({ url: "/expenses", params: paramsOf(q) }),
        providesTags: ["Expense"],
      }),
      getExpense: build.query<Expense, string>({
        query: (id) => `/expenses/${id}`,
        providesTags: (_r, _e, id) => [{ type: "Expense", id }],
      }),
      createExpense: build.mutation<Expense, Keyed<CreateExpenseInput>>({
        query: ({ idempotencyKey, ...body }) => ({
          url: "/expenses",
          method: "POST",
          body,
          headers: { "Idempotency-Key": idempotencyKey },
        }),
        invalidatesTags: ["Expense", "Money", "CashUp"],
      }),
      updateExpense: build.mutation<Expense, { id: string; body: UpdateExpenseInput }>({
        query: ({ id, body }) => ({ url: `/expenses/${id}`, method: "PUT", body }),
        invalidatesTags: ["Expense", "Money", "CashUp"],
      }),
      deleteExpense: build.mutation<Expense, string>({
        query: (id) => ({ url: `/expenses/${id}`, method: "DELETE" }),
        invalidatesTags: ["Expense", "Money", "CashUp"],
      }),
      uploadExpenseReceipt: build.mutation<Expense, { id: string; file: File }>({
        query: ({ id, file }) => {
          const form = new FormData();
          form.append("image", file);
          return { url: `/expenses/${id}/receipt`, method: "POST", body: form };
        },
        invalidatesTags: ["Expense"],
      }),
      removeExpenseReceipt: build.mutation<Expense, string>({
        query: (id) => ({ url: `/expenses/${id}/receipt`, method: "DELETE" }),
        invalidatesTags: ["Expense"],
      }),
      listExpenseCategories: build.query<ExpenseCategory[], string>({
        query: (businessId) => ({ url: "/expenses/categories", params: { businessId } }),
        providesTags: ["ExpenseCategory"],
      }),
      createExpenseCategory: build.mutation<ExpenseCategory, { businessId: string; name: string }>({
        query: (body) => ({ url: "/expenses/categories", method: "POST", body }),
        invalidatesTags: ["ExpenseCategory"],
      }),
      /** POST /expenses/tillCashOut: cash taken out of the till during a shift (the POS). */
      tillCashOut: build.mutation<Expense, Keyed<TillCashOutInput>>({
        query: ({ idempotencyKey, ...body }) => ({
          url: "/expenses/tillCashOut",
          method: "POST",
          body,
          headers: { "Idempotency-Key": idempotencyKey },
        }),
        invalidatesTags: ["Expense", "Money", "CashUp"],
      }),
    }),
  });
export const {
  useListExpensesQuery,
  useGetExpenseQuery,
  useCreateExpenseMutation,
  useUpdateExpenseMutation,
  useDeleteExpenseMutation,
  useUploadExpenseReceiptMutation,
  useRemoveExpenseReceiptMutation,
  useListExpenseCategoriesQuery,
  useCreateExpenseCategoryMutation,
  useTillCashOutMutation,
} = expensesApi;
