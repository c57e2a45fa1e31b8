import type { CreatePrinterInput, Printer } from "@app/shared/printing/printer";
import { baseApi } from "../../api/base-api.ts";

export type PrintOutcome = { printStatus: "sent" | "failed" | "browser"; printerError: string | null };

export const printersApi = baseApi.enhanceEndpoints({ addTagTypes: ["Printer"] }).injectEndpoints({
  endpoints: (build) => ({
    listPrinters: build.query<Printer[], string>({
      query: (businessId) => ({ url: "/printers", params: { businessId } }),
      providesTags: ["Printer"],
    }),
    createPrinter: build.mutation<Printer, CreatePrinterInput>({
      query: (body) => ({ url: "/printers", method: "POST", body }),
      invalidatesTags: ["Printer"],
    }),
    deletePrinter: build.mutation<{ deleted: true }, string>({
      query: (id) => ({ url: `/printers/${id}`, method: "DELETE" }),
      invalidatesTags: ["Printer"],
    }),
    testPrinter: build.mutation<PrintOutcome, string>({
      query: (id) => ({ url: `/printers/${id}/test`, method: "POST" }),
    }),
  }),
});
export const { useListPrintersQuery, useCreatePrinterMutation, useDeletePrinterMutation, useTestPrinterMutation } =
  printersApi;

/** The receipt printer the server prints to, if the business has one on the network. */
export const networkReceiptPrinter = (printers: readonly Printer[] | undefined) =>
  printers?.find((p) => p.kind === "network" && p.role === "receipt") ?? null;
/** The paper width to lay a receipt out for: the receipt printer's, else 80 mm. */
export const receiptPaperWidth = (printers: readonly Printer[] | undefined) =>
  printers?.find((p) => p.role === "receipt")?.paperWidth ?? 80;
