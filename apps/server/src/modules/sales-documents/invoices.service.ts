import {
  checkInvoiceEdit,
  type CreateInvoiceInput,
  type SalesDocument,
  type UpdateInvoiceInput,
} from "@app/shared/sales-documents/document";
import { initialEtimsState } from "@app/shared/tax/vat";
import type { Ctx } from "../../platform/context.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { buildLines } from "./document-lines.ts";
import { findDoc } from "./document-read.ts";
import { addDays, createDocument, enforce, readDocument, replaceContent, today } from "./documents.service.ts";

/** POST /invoices: a tax invoice with the next INV number, its lines and VAT per band, in one transaction. */
export function createInvoice(ctx: Ctx, input: CreateInvoiceInput, idem: Idempotency = {}): Promise<SalesDocument> {
  return createDocument(ctx, input, idem, {
    type: "invoice",
    dueDate: input.dueDate ?? addDays(today(ctx), 14),
    etimsState: initialEtimsState(ctx.business.kraPin),
  });
}

/** PUT /invoices/{id}: until it is paid (a paid invoice is corrected by a credit note: 409 DOCUMENT_LOCKED). */
export function updateInvoice(
  ctx: Ctx,
  id: string,
  input: UpdateInvoiceInput,
  idem: Idempotency = {},
): Promise<SalesDocument> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `invoice-edit:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const row = await findDoc(tx, ctx.businessId, "invoice", id, true);
      const priced = await buildLines(
        tx,
        { id: ctx.businessId, vatRegistered: ctx.business.vatRegistered },
        input.lines,
      );
      enforce(checkInvoiceEdit({ cancelled: row.state === "cancelled", ...row }, priced.total));
      await replaceContent(tx, ctx, id, input, priced, input.dueDate ? { dueDate: input.dueDate } : {});
      return readDocument(tx, ctx, "invoice", id);
    },
  );
}
