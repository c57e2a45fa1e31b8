import type { ProductPage } from "@app/shared/inventory/product";
import type { Client, CreateClientInput, UpdateClientInput } from "@app/shared/sales-documents/client";
import type {
  CreateCreditNoteInput,
  DocumentPage,
  DocumentType,
  InvoicePaymentInput,
  ListDocumentsQuery,
  SalesDocument,
  UpdateInvoiceInput,
  UpdateQuotationInput,
} from "@app/shared/sales-documents/document";
import type { CreatePaymentDetailInput, PaymentDetail } from "@app/shared/sales-documents/payment-detail";
import type { ListReceiptsQuery, ReceiptFormat, ReceiptPage } from "@app/shared/sales-documents/receipt";
import { baseApi } from "../../api/base-api.ts";
import { newIdempotencyKey, paramsOf } from "../../lib/idempotency-key.ts";

/** Where each document type lives in the API (spec section 7: /invoices, /quotations). */
export const DOCUMENT_PATH: Record<DocumentType, string> = {
  invoice: "/invoices",
  quotation: "/quotations",
  credit_note: "/creditNotes",
};
export const documentPdfUrl = (d: Pick<SalesDocument, "_id" | "type">) => `/api${DOCUMENT_PATH[d.type]}/${d._id}/pdf`;
export const receiptPdfUrl = (id: string, format: ReceiptFormat) => `/api/receipts/${id}/pdf?format=${format}`;

type Keyed<T> = T & { idempotencyKey: string };
const key = () => ({ "Idempotency-Key": newIdempotencyKey() });
/** Money moves with payments and refunds: the cash book and receipts refresh. */
const MONEY = ["SalesDocument", "Money", "CashUp", "Receipt"] as const;

/** Invoices, quotations, credit notes, clients, payment details and receipts. */
export const documentsApi = baseApi
  .enhanceEndpoints({
    addTagTypes: ["SalesDocument", "Client", "PaymentDetail", "Receipt", "Money", "CashUp", "Product"],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listDocuments: build.query<
        DocumentPage,
        { type: DocumentType } & Partial<ListDocumentsQuery> & { businessId: string }
      >({
        query: ({ type, ...q }) => ({ url: DOCUMENT_PATH[type], params: paramsOf(q) }),
        providesTags: ["SalesDocument"],
      }),
      getDocument: build.query<SalesDocument, { type: DocumentType; id: string }>({
        query: ({ type, id }) => `${DOCUMENT_PATH[type]}/${id}`,
        providesTags: ["SalesDocument"],
      }),
      createDocument: build.mutation<
        SalesDocument,
        Keyed<{
          type: "invoice" | "quotation";
          body: (UpdateInvoiceInput | UpdateQuotationInput) & { businessId: string };
        }>
      >({
        query: ({ type, body, idempotencyKey }) => ({
          url: DOCUMENT_PATH[type],
          method: "POST",
          body,
          headers: { "Idempotency-Key": idempotencyKey },
        }),
        invalidatesTags: ["SalesDocument"],
      }),
      updateDocument: build.mutation<
        SalesDocument,
        { type: "invoice" | "quotation"; id: string; body: UpdateInvoiceInput | UpdateQuotationInput }
      >({
        query: ({ type, id, body }) => ({ url: `${DOCUMENT_PATH[type]}/${id}`, method: "PUT", body, headers: key() }),
        invalidatesTags: ["SalesDocument"],
      }),
      cancelDocument: build.mutation<SalesDocument, { type: "invoice" | "quotation"; id: string }>({
        query: ({ type, id }) => ({ url: `${DOCUMENT_PATH[type]}/${id}`, method: "DELETE" }),
        invalidatesTags: ["SalesDocument"],
      }),
      payInvoice: build.mutation<SalesDocument, Keyed<{ id: string; body: InvoicePaymentInput }>>({
        query: ({ id, body, idempotencyKey }) => ({
          url: `/invoices/${id}/payments`,
          method: "POST",
          body,
          headers: { "Idempotency-Key": idempotencyKey },
        }),
        invalidatesTags: [...MONEY],
      }),
      createCreditNote: build.mutation<SalesDocument, Keyed<{ invoiceId: string; body: CreateCreditNoteInput }>>({
        query: ({ invoiceId, body, idempotencyKey }) => ({
          url: `/invoices/${invoiceId}/creditNotes`,
          method: "POST",
          body,
          headers: { "Idempotency-Key": idempotencyKey },
        }),
        invalidatesTags: [...MONEY],
      }),
      convertQuotation: build.mutation<SalesDocument, Keyed<{ id: string; dueDate: string }>>({
        query: ({ id, dueDate, idempotencyKey }) => ({
          url: `/quotations/${id}/convert`,
          method: "POST",
          body: { dueDate },
          headers: { "Idempotency-Key": idempotencyKey },
        }),
        invalidatesTags: ["SalesDocument"],
      }),
      listClients: build.query<Client[], { businessId: string; q?: string }>({
        query: (q) => ({ url: "/clients", params: paramsOf(q) }),
        providesTags: ["Client"],
      }),
      createClient: build.mutation<Client, CreateClientInput>({
        query: (body) => ({ url: "/clients", method: "POST", body }),
        invalidatesTags: ["Client"],
      }),
      updateClient: build.mutation<Client, { id: string; body: UpdateClientInput }>({
        query: ({ id, body }) => ({ url: `/clients/${id}`, method: "PUT", body }),
        invalidatesTags: ["Client"],
      }),
      deleteClient: build.mutation<{ archived: true }, string>({
        query: (id) => ({ url: `/clients/${id}`, method: "DELETE" }),
        invalidatesTags: ["Client"],
      }),
      listPaymentDetails: build.query<PaymentDetail[], string>({
        query: (businessId) => ({ url: "/paymentDetails", params: { businessId } }),
        providesTags: ["PaymentDetail"],
      }),
      createPaymentDetail: build.mutation<PaymentDetail, CreatePaymentDetailInput>({
        query: (body) => ({ url: "/paymentDetails", method: "POST", body }),
        invalidatesTags: ["PaymentDetail"],
      }),
      deletePaymentDetail: build.mutation<{ deleted: true }, string>({
        query: (id) => ({ url: `/paymentDetails/${id}`, method: "DELETE" }),
        invalidatesTags: ["PaymentDetail"],
      }),
      listReceipts: build.query<ReceiptPage, Partial<ListReceiptsQuery> & { businessId: string }>({
        query: (q) => ({ url: "/receipts", params: paramsOf(q) }),
        providesTags: ["Receipt", "Money"],
      }),
      /** Products to put on a line (GET /products?businessId&search). */
      searchDocumentProducts: build.query<ProductPage, { businessId: string; search: string }>({
        query: ({ businessId, search }) => ({ url: "/products", params: { businessId, search, pageSize: 10 } }),
        providesTags: ["Product"],
      }),
    }),
  });
export const {
  useListDocumentsQuery,
  useGetDocumentQuery,
  useCreateDocumentMutation,
  useUpdateDocumentMutation,
  useCancelDocumentMutation,
  usePayInvoiceMutation,
  useCreateCreditNoteMutation,
  useConvertQuotationMutation,
  useListClientsQuery,
  useCreateClientMutation,
  useUpdateClientMutation,
  useDeleteClientMutation,
  useListPaymentDetailsQuery,
  useCreatePaymentDetailMutation,
  useDeletePaymentDetailMutation,
  useListReceiptsQuery,
  useSearchDocumentProductsQuery,
} = documentsApi;
