// A customer pays by paybill and types an account number: it may name a sale, an invoice or a
// customer. The payment (mpesa) then pays that sale (sales), invoice (sales-documents) or the
// customer's credit sales (sales), in the confirmation's own transaction. See the C2B diagram in
// docs/architecture.md.
import { eq } from "drizzle-orm";
import { allFlags } from "@app/shared/accounts/auth";
import { normaliseAccountNumber } from "@app/shared/mpesa/mpesa";
import { normalizeKenyanPhone } from "@app/shared/phone/phone";
import type { Tx } from "../db/client.ts";
import type { ActorCtx } from "../platform/context.ts";
import { businesses } from "../modules/businesses/businesses.public.ts";
import { findCustomerByPhone } from "../modules/customers/customers.public.ts";
import {
  labelPayment,
  markTaken,
  storeC2bConfirmation,
  type C2bBody,
  type StoredC2b,
  type TillMpesaDeps,
} from "../modules/mpesa/mpesa.public.ts";
import { applyPaybillInvoicePayment, findInvoiceByNumber } from "../modules/sales-documents/sales-documents.public.ts";
import { applyPaybillCustomerPayment, applyPaybillPayment, findSaleByNumber } from "../modules/sales/sales.public.ts";
import { transact } from "../platform/retry.ts";

type AccountMatch = { kind: "sale" | "invoice" | "customer"; id: string; label: string };

/** Who a payment applied by account number is recorded as: the paybill, acting for the owner. */
export const PAYBILL_ACTOR_NAME = "M-Pesa paybill";

/**
 * Daraja's confirmation of a customer's payment: stored once per TransID (a repeat changes
 * nothing) with its raw payload, then matched by account number when it names a sale, an
 * invoice or a customer, and paid. A confirmation that fails a check is not stored.
 */
export async function confirmC2bPayment(
  deps: TillMpesaDeps,
  token: string | null,
  businessId: string,
  body: C2bBody,
): Promise<"stored" | "duplicate" | "ignored"> {
  return transact(deps.db, async (tx) => {
    const stored = await storeC2bConfirmation(tx, deps, token, businessId, body);
    if (typeof stored === "string") return stored;
    const match = stored.accountNumber ? await matchAccountNumber(tx, businessId, stored.accountNumber) : null;
    if (!match) return "stored";
    await labelPayment(tx, businessId, stored.id, match);
    // In a savepoint: whatever goes wrong in paying what it names, the confirmation itself is
    // kept (Daraja does not send it again once answered), and waits, labelled, to be claimed.
    await tx
      .transaction((sp) => payNamed(sp, businessId, stored, match))
      .catch((err: unknown) =>
        deps.log.error(
          { businessId, receipt: stored.receipt, err },
          "M-Pesa C2B payment stored, but paying what its account number names failed",
        ),
      );
    return "stored";
  });
}

/**
 * A paybill account number that names a sale ("123", "S123", "#123"), an invoice ("INV-000123")
 * or a customer (their phone number), or null.
 */
async function matchAccountNumber(tx: Tx, businessId: string, typed: string): Promise<AccountMatch | null> {
  const ref = normaliseAccountNumber(typed);
  const saleNo = /^S?(\d{1,9})$/.exec(ref);
  const invoiceNo = /^INV-?(\d{1,9})$/.exec(ref);
  if (saleNo) {
    const sale = await findSaleByNumber(tx, businessId, Number(saleNo[1]));
    if (sale) return { kind: "sale", id: sale.id, label: `Sale #${sale.saleNumber}` };
  } else if (invoiceNo) {
    const invoice = await findInvoiceByNumber(tx, businessId, Number(invoiceNo[1]));
    if (invoice) return { kind: "invoice", id: invoice.id, label: `INV-${invoiceNo[1]!.padStart(6, "0")}` };
  }
  if (normalizeKenyanPhone(ref)) {
    const customer = await findCustomerByPhone(tx, businessId, ref);
    if (customer) return { kind: "customer", id: customer.id, label: customer.name };
  }
  return null;
}

/**
 * A paybill payment naming a credit sale, an invoice or a customer (by phone: their credit sales,
 * oldest first) pays it: M-Pesa payments with the code, in the cash book, and this payment marked
 * taken (attached to the sale when it named one) so no till can claim it again. When what it
 * names cannot take it all (voided or cancelled, not on credit, owing less, or sold after the
 * payment) nothing changes: the payment waits, labelled, to be claimed.
 */
async function payNamed(tx: Tx, businessId: string, stored: StoredC2b, match: AccountMatch): Promise<void> {
  const [business] = await tx
    .select({ ownerId: businesses.ownerId })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) return;
  const actor: ActorCtx = {
    businessId,
    user: {
      kind: "admin",
      userId: business.ownerId,
      details: {
        _id: business.ownerId,
        username: PAYBILL_ACTOR_NAME,
        image: null,
        occupation: "",
        ...allFlags(false),
        isSupportUser: false,
      },
    },
  };
  const payment = { amount: stored.amount, paidAt: stored.paidAt, receipt: stored.receipt };
  const paid =
    match.kind === "sale"
      ? await applyPaybillPayment(tx, actor, match.id, payment)
      : match.kind === "invoice"
        ? await applyPaybillInvoicePayment(tx, actor, match.id, payment)
        : await applyPaybillCustomerPayment(tx, actor, match.id, payment);
  if (!paid) return;
  await markTaken(tx, businessId, stored.id, {
    saleId: match.kind === "sale" ? match.id : null,
    by: PAYBILL_ACTOR_NAME,
  });
}
