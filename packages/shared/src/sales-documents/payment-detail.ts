import { z } from "zod";

/** How clients can pay the business: printed on invoices and receipts (spec section 3: method and details). */
export const PAYMENT_DETAIL_METHODS = ["M-Pesa Paybill", "M-Pesa Till", "Bank Account"] as const;
export type PaymentDetailMethod = (typeof PAYMENT_DETAIL_METHODS)[number];

export const paymentDetailSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  method: z.enum(PAYMENT_DETAIL_METHODS),
  /** e.g. "Business no. 522522, account INV number", "Till 123456", "KCB Moi Avenue, 1234567890, Duka Ltd". */
  details: z.string(),
  createdAt: z.string(),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

export const createPaymentDetailInputSchema = z.object({
  businessId: z.uuid(),
  method: z.enum(PAYMENT_DETAIL_METHODS, { error: "Choose M-Pesa Paybill, M-Pesa Till or Bank Account" }),
  details: z.string().trim().min(3, "At least 3 characters").max(200, "At most 200 characters"),
});
export type CreatePaymentDetailInput = z.infer<typeof createPaymentDetailInputSchema>;

/** How a payment detail reads on a document: "M-Pesa Paybill: 522522, account 1234". */
export const paymentDetailLine = (d: { method: string; details: string }) => `${d.method}: ${d.details}`;
