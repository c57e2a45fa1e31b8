import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { PAYMENT_METHODS, type PaymentInput } from "./payment-rules.ts";

export * from "./payment-rules.ts";

export const paymentInputSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  /** What this method pays towards the total, in cents. */
  amount: centsSchema.min(1, "Must be more than 0"),
  /** Cash handed over, when more than the amount (change is given back). */
  tendered: centsSchema.optional(),
  reference: z.string().trim().toUpperCase().max(40).optional(),
  /**
   * M-Pesa only: a confirmed till payment (STK push or a customer's C2B payment) this payment is;
   * the sale claims it in its transaction and takes its M-Pesa code as the reference.
   */
  mpesaPaymentId: z.uuid().optional(),
});

// The schema reads exactly PaymentInput (a compile error here if either changes alone).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same: Same<z.infer<typeof paymentInputSchema>, PaymentInput> = true;
void same;
