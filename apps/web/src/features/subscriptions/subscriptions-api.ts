import type { ListPlansQuery, Plan, PlanInput, PlanPage } from "@app/shared/subscriptions/plan";
import { nextPlansPage, OFFERED_PLANS_PAGE_SIZE } from "@app/shared/subscriptions/subscribe-steps";
import type {
  AutoRenewInput,
  ListPaymentsQuery,
  ListSubscriptionsQuery,
  MarkRefundedInput,
  PayInput,
  PaymentMethodInput,
  PaymentPage,
  PaymentProviders,
  SubscribeInput,
  Subscription,
  SubscriptionPage,
  SubscriptionPayment,
} from "@app/shared/subscriptions/subscription";
import { baseApi } from "../../api/base-api.ts";

type Page<Q> = Partial<Q> & { page: number; pageSize: number };
const params = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ""));

/** Subscription plans, subscriptions and their payments (spec section 7). */
export const subscriptionsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ["Plan", "Subscription", "SubscriptionPayment"] })
  .injectEndpoints({
    endpoints: (build) => ({
      getProviders: build.query<PaymentProviders, void>({ query: () => "/subscriptions/providers" }),

      listPlans: build.query<PlanPage, Page<ListPlansQuery>>({
        query: (q) => ({ url: "/subscriptions/plans", params: params(q) }),
        providesTags: ["Plan"],
      }),
      /** The plans on offer matching a search, a page at a time (Subscribe Business, step 1); the next page until all are loaded. */
      listOfferedPlans: build.infiniteQuery<PlanPage, { q?: string }, number>({
        infiniteQueryOptions: {
          initialPageParam: 0,
          getNextPageParam: (last, _all, page) => nextPlansPage(page, last.total),
        },
        query: ({ queryArg, pageParam }) => ({
          url: "/subscriptions/plans",
          params: params({ q: queryArg.q, isActive: true, page: pageParam, pageSize: OFFERED_PLANS_PAGE_SIZE }),
        }),
        providesTags: ["Plan"],
      }),
      createPlan: build.mutation<Plan, PlanInput>({
        query: (body) => ({ url: "/subscriptions/plans", method: "POST", body }),
        invalidatesTags: ["Plan"],
      }),
      updatePlan: build.mutation<Plan, { id: string; body: PlanInput }>({
        query: ({ id, body }) => ({ url: `/subscriptions/plans/${id}`, method: "PUT", body }),
        invalidatesTags: ["Plan", "Subscription"],
      }),
      setPlanStatus: build.mutation<Plan, { id: string; isActive: boolean }>({
        query: ({ id, isActive }) => ({
          url: `/subscriptions/plans/${id}/status`,
          method: "PATCH",
          body: { isActive },
        }),
        invalidatesTags: ["Plan"],
      }),
      deletePlan: build.mutation<void, string>({
        query: (id) => ({ url: `/subscriptions/plans/${id}`, method: "DELETE" }),
        invalidatesTags: ["Plan"],
      }),

      listSubscriptions: build.query<SubscriptionPage, Page<ListSubscriptionsQuery>>({
        query: (q) => ({ url: "/subscriptions", params: params(q) }),
        providesTags: ["Subscription"],
      }),
      subscribe: build.mutation<Subscription, SubscribeInput>({
        query: (body) => ({ url: "/subscriptions/subscribe", method: "POST", body }),
        invalidatesTags: ["Subscription", "Plan"],
      }),
      setAutoRenew: build.mutation<Subscription, { id: string } & AutoRenewInput>({
        query: ({ id, autoRenew }) => ({
          url: `/subscriptions/${id}/auto-renew`,
          method: "PATCH",
          body: { autoRenew },
        }),
        invalidatesTags: ["Subscription"],
      }),
      setPaymentMethod: build.mutation<Subscription, { id: string } & PaymentMethodInput>({
        query: ({ id, ...body }) => ({ url: `/subscriptions/${id}/payment-method`, method: "PATCH", body }),
        invalidatesTags: ["Subscription"],
      }),
      deleteSubscription: build.mutation<{ deleted: boolean; subscription: Subscription | null }, string>({
        query: (id) => ({ url: `/subscriptions/${id}`, method: "DELETE" }),
        invalidatesTags: ["Subscription", "SubscriptionPayment", "Plan"],
      }),
      /** Idempotency-Key: one per attempt, so a retried request never pays twice. */
      pay: build.mutation<Subscription, { id: string; key: string; body: PayInput }>({
        query: ({ id, key, body }) => ({
          url: `/subscriptions/${id}/pay`,
          method: "POST",
          body,
          headers: { "idempotency-key": key },
        }),
        invalidatesTags: ["Subscription", "SubscriptionPayment"],
      }),

      listPayments: build.query<PaymentPage, Page<ListPaymentsQuery>>({
        query: (q) => ({ url: "/subscriptions/payments", params: params(q) }),
        providesTags: ["SubscriptionPayment"],
      }),
      getPayment: build.query<SubscriptionPayment, string>({ query: (id) => `/subscriptions/payments/${id}` }),
      queryPayment: build.mutation<SubscriptionPayment, string>({
        query: (id) => ({ url: `/subscriptions/payments/${id}/query`, method: "POST" }),
      }),
      deletePayment: build.mutation<void, string>({
        query: (id) => ({ url: `/subscriptions/payments/${id}`, method: "DELETE" }),
        invalidatesTags: ["SubscriptionPayment", "Subscription"],
      }),
      /** Support: a payment flagged for refund was given back. */
      markRefunded: build.mutation<SubscriptionPayment, { id: string } & MarkRefundedInput>({
        query: ({ id, note }) => ({ url: `/subscriptions/payments/${id}/refunded`, method: "POST", body: { note } }),
        invalidatesTags: ["SubscriptionPayment", "Subscription"],
      }),
    }),
  });

export const {
  useGetProvidersQuery,
  useListPlansQuery,
  useListOfferedPlansInfiniteQuery,
  useCreatePlanMutation,
  useUpdatePlanMutation,
  useSetPlanStatusMutation,
  useDeletePlanMutation,
  useListSubscriptionsQuery,
  useSubscribeMutation,
  useSetAutoRenewMutation,
  useSetPaymentMethodMutation,
  useDeleteSubscriptionMutation,
  usePayMutation,
  useListPaymentsQuery,
  useGetPaymentQuery,
  useQueryPaymentMutation,
  useDeletePaymentMutation,
  useMarkRefundedMutation,
} = subscriptionsApi;
