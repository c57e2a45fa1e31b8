import { eq } from "drizzle-orm";
import { paymentDetailLine } from "@app/shared/sales-documents/payment-detail";
import type { ListReceiptsQuery, ReceiptFormat, ReceiptPage } from "@app/shared/sales-documents/receipt";
import { AWAITING_KRA_MARK, etimsPrintOf, type EtimsReceiptBranch } from "@app/shared/etims/receipt-proof";
import { ETIMS_STATE_LABELS, TAX_TYPE_NAMES, type EtimsState, type VatBand } from "@app/shared/tax/vat";
import type { EtimsProof } from "@app/shared/etims/proof";
import type { Ctx } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { businesses } from "../businesses/businesses.public.ts";
import { receiptBranchOf } from "../etims/etims.public.ts";
import { findSale } from "../sales/sales.public.ts";
import { findReceipt, listReceipts } from "../transactions/transactions.public.ts";
import { dateIn, type Issuer } from "./document-pdf.ts";
import { readDocument } from "./documents.service.ts";
import { listPaymentDetails } from "./payment-details.service.ts";
import { money, renderReceiptPdf, type ReceiptBlock } from "./receipt-pdf.ts";

/** What a sale is called on its receipt, by channel. */
const CHANNEL_NOUNS = { retail: "Sale", wholesale: "Order" } as const;

export const listReceiptsOf = (ctx: Ctx, q: ListReceiptsQuery): Promise<ReceiptPage> =>
  listReceipts(ctx.db, ctx.businessId, q);

/** The business as its documents print it (the tenant row: name, KRA PIN, address, VAT registration). */
export async function issuerOf(ctx: Ctx): Promise<Issuer> {
  const [b] = await ctx.db.select().from(businesses).where(eq(businesses.id, ctx.businessId));
  return {
    name: b!.name,
    kraPin: b!.kraPin,
    address: b!.address,
    vatRegistered: b!.vatRegistered,
    timeZone: b!.timeZone,
  };
}

const vatBlocks = (bands: readonly VatBand[]): ReceiptBlock[] => [
  { t: "text", text: "VAT per band (prices include VAT)" },
  ...bands.map((b): ReceiptBlock => ({
    t: "pair",
    label: `${b.taxType} ${TAX_TYPE_NAMES[b.taxType]}: ${money(b.taxable)} +`,
    value: money(b.tax),
  })),
];

/**
 * The eTIMS part of a receipt: KRA's control unit information and QR code once signed, "Awaiting
 * KRA signature" while a connected business's sale waits for KRA, else the state's label.
 */
export function etimsBlocks(
  doc: { etimsState: EtimsState; etimsProof: EtimsProof | null },
  branch: EtimsReceiptBranch | null,
): ReceiptBlock[] {
  const print = etimsPrintOf(doc, branch);
  if (print.kind === "label") return [{ t: "text", text: ETIMS_STATE_LABELS[doc.etimsState] }];
  if (print.kind === "awaiting") return [{ t: "center", text: AWAITING_KRA_MARK }];
  return [
    { t: "rule" },
    { t: "center", text: "Control unit information (KRA eTIMS)" },
    // A long value (the internal data) goes on its own line under its label, never wrapped in half.
    ...print.rows.flatMap((r): ReceiptBlock[] =>
      r.value.length > 20
        ? [
            { t: "text", text: `${r.label}:` },
            { t: "text", text: r.value },
          ]
        : [{ t: "pair", label: r.label, value: r.value }],
    ),
    ...(print.link ? [{ t: "qr", data: print.link } as const, { t: "center", text: print.link } as const] : []),
  ];
}

/**
 * GET /receipts/{id}/pdf: a receipt reprinted, on an 80 mm roll or A4: a sale's (its lines, VAT
 * per band, payments), a credit repayment's or an invoice payment's (what was paid, what is left),
 * with the business's name, KRA PIN, address and payment details.
 */
export async function receiptPdf(
  ctx: Ctx,
  id: string,
  format: ReceiptFormat,
): Promise<{ fileName: string; pdf: Buffer }> {
  const receipt = await findReceipt(ctx.db, ctx.businessId, id);
  if (!receipt) throw notFound("Receipt");
  const issuer = await issuerOf(ctx);
  const details = await listPaymentDetails(ctx.db, ctx.businessId);
  const head: ReceiptBlock[] = [
    { t: "title", text: issuer.name },
    ...(issuer.address ? [{ t: "center", text: issuer.address } as const] : []),
    { t: "center", text: `KRA PIN: ${issuer.kraPin ?? "not set"}` },
    { t: "rule" },
  ];
  const body: ReceiptBlock[] = [];
  let number: string;
  if (receipt.kind === "sale_payment" || receipt.kind === "credit_repayment") {
    const sale = await findSale(ctx.db, ctx.businessId, receipt.sourceId);
    if (!sale) throw notFound("Receipt");
    const noun = CHANNEL_NOUNS[sale.channel];
    number = `${noun} #${sale.saleNumber}`;
    if (receipt.kind === "sale_payment") {
      body.push(
        { t: "center", text: `RECEIPT · ${number}` },
        { t: "center", text: dateIn(sale.createdAt, issuer.timeZone) },
        { t: "text", text: `Served by ${sale.servedBy}` },
        ...(sale.status === "voided" ? [{ t: "center", text: "VOIDED" } as const] : []),
        { t: "rule" },
        ...sale.products.map((l): ReceiptBlock => ({
          t: "pair",
          label: `${l.productQuantity} x ${l.name} (${l.taxType})`,
          value: money(l.totalPrice),
        })),
        { t: "rule" },
        { t: "pair", label: "TOTAL", value: money(sale.amount), bold: true },
        ...sale.payments.map((p): ReceiptBlock => ({
          t: "pair",
          label: `${p.method}${p.reference ? ` ${p.reference}` : ""}`,
          value: money(p.amount),
        })),
        ...(sale.change ? [{ t: "pair", label: "Change", value: money(sale.change) } as const] : []),
        ...(sale.balance ? [{ t: "pair", label: "Balance on credit", value: money(sale.balance) } as const] : []),
        { t: "rule" },
        ...vatBlocks(sale.vatBands),
        ...etimsBlocks(sale, await receiptBranchOf(ctx.db, ctx.businessId)),
      );
    } else {
      const payment = sale.paymentTransactions.find((p) => p._id === receipt.sourceItemId);
      if (!payment) throw notFound("Receipt");
      body.push(
        { t: "center", text: "PAYMENT RECEIPT" },
        { t: "center", text: dateIn(payment.paymentDate, issuer.timeZone) },
        { t: "text", text: `Received from ${sale.customerName ?? "the customer"} towards ${number}` },
        { t: "rule" },
        { t: "pair", label: "Amount paid", value: money(payment.amountPaid), bold: true },
        { t: "pair", label: "Method", value: payment.paymentMethod },
        { t: "pair", label: "Balance now", value: money(sale.balance) },
        { t: "text", text: `Received by ${payment.recordedBy}` },
      );
    }
  } else {
    const invoice = await readDocument(ctx.db, ctx, "invoice", receipt.sourceId);
    const payment = invoice.payments.find((p) => p._id === receipt.sourceItemId);
    if (!payment) throw notFound("Receipt");
    number = invoice.number;
    body.push(
      { t: "center", text: "PAYMENT RECEIPT" },
      { t: "center", text: dateIn(payment.paidAt, issuer.timeZone) },
      {
        t: "text",
        text: `Received from ${invoice.party.name}${invoice.party.kraPin ? ` (KRA PIN ${invoice.party.kraPin})` : ""}`,
      },
      { t: "text", text: `Towards ${invoice.number} (${money(invoice.total)})` },
      { t: "rule" },
      { t: "pair", label: "Amount paid", value: money(payment.amount), bold: true },
      { t: "pair", label: "Method", value: `${payment.method}${payment.reference ? ` ${payment.reference}` : ""}` },
      { t: "pair", label: "Balance due", value: money(invoice.balance) },
      { t: "text", text: `Received by ${payment.recordedBy}` },
    );
  }
  const tail: ReceiptBlock[] = details.length
    ? [
        { t: "rule" },
        { t: "text", text: "Pay us by" },
        ...details.map((d): ReceiptBlock => ({ t: "text", text: paymentDetailLine(d) })),
      ]
    : [];
  const pdf = await renderReceiptPdf(
    [...head, ...body, ...tail, { t: "rule" }, { t: "center", text: "Thank you" }],
    format,
    `Receipt ${number}`,
  );
  return { fileName: `receipt-${number.replace(/[^A-Za-z0-9-]+/g, "-")}-${format}.pdf`, pdf };
}
