import { i18n } from "@lingui/core";
import type { Message, MessagingStatus, ReceiptLink, SendReceiptInput } from "@app/shared/messages/messages";
import { documentLanguageOf } from "@app/shared/printing/receipt-text";
import type { Sale } from "@app/shared/sales/sale";
import { baseApi } from "../../api/base-api.ts";
import type { ReceiptSending } from "../../components/send-receipt-dialog.tsx";

const baseOf = (channel: Sale["channel"]) => (channel === "wholesale" ? "/orders" : "/sales");
type SendArgs = { channel: Sale["channel"]; saleId: string; idempotencyKey: string; input: SendReceiptInput };

/** Receipts by SMS, e-mail and WhatsApp; whether SMS and e-mail are set up; the owner's message log. */
export const messagesApi = baseApi.enhanceEndpoints({ addTagTypes: ["Message"] }).injectEndpoints({
  endpoints: (build) => ({
    getMessagingStatus: build.query<MessagingStatus, string>({
      query: (businessId) => ({ url: "/messages/status", params: { businessId } }),
    }),
    listMessages: build.query<Message[], string>({
      query: (businessId) => ({ url: "/messages", params: { businessId } }),
      providesTags: ["Message"],
    }),
    sendReceipt: build.mutation<Message, SendArgs>({
      query: ({ channel, saleId, idempotencyKey, input }) => ({
        url: `${baseOf(channel)}/${saleId}/send-receipt`,
        method: "POST",
        body: input,
        headers: { "idempotency-key": idempotencyKey },
      }),
      invalidatesTags: ["Message"],
    }),
    sendStatement: build.mutation<Message, { customerId: string; idempotencyKey: string; input: SendReceiptInput }>({
      query: ({ customerId, idempotencyKey, input }) => ({
        url: `/customers/${customerId}/send-statement`,
        method: "POST",
        body: input,
        headers: { "idempotency-key": idempotencyKey },
      }),
      invalidatesTags: ["Message"],
    }),
    getReceiptLink: build.mutation<ReceiptLink, { channel: Sale["channel"]; saleId: string }>({
      query: ({ channel, saleId }) => ({ url: `${baseOf(channel)}/${saleId}/receipt-link`, method: "POST" }),
    }),
  }),
});
export const {
  useGetMessagingStatusQuery,
  useListMessagesQuery,
  useSendReceiptMutation,
  useSendStatementMutation,
  useGetReceiptLinkMutation,
} = messagesApi;

/** The server side of sending a credit customer's statement (the customer's page). */
export function useStatementSending(businessId: string, customerId: string): ReceiptSending {
  const { data: status } = useGetMessagingStatusQuery(businessId, { skip: !businessId });
  const [sendStatement, { isLoading }] = useSendStatementMutation();
  return {
    status,
    sending: isLoading,
    send: (input, idempotencyKey) => sendStatement({ customerId, idempotencyKey, input }).unwrap(),
  };
}

/** The server side of sending one sale's receipt, for the tills and the Sales pages. */
export function useReceiptSending(businessId: string, sale: Pick<Sale, "_id" | "channel"> | null): ReceiptSending {
  const { data: status } = useGetMessagingStatusQuery(businessId, { skip: !sale });
  const [sendReceipt, { isLoading }] = useSendReceiptMutation();
  const [getLink] = useGetReceiptLinkMutation();
  return {
    status,
    sending: isLoading,
    send: (input, idempotencyKey) =>
      sendReceipt({
        channel: sale!.channel,
        saleId: sale!._id,
        idempotencyKey,
        input: { ...input, language: input.language ?? documentLanguageOf(i18n.locale) },
      }).unwrap(),
    link: async () => (await getLink({ channel: sale!.channel, saleId: sale!._id }).unwrap()).url,
  };
}
