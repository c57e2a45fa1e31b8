import { and, eq } from "drizzle-orm";
import {
  checkQuotationConvert,
  checkQuotationEdit,
  type CreateQuotationInput,
  type SalesDocument,
  type UpdateQuotationInput,
} from "@app/shared/sales-documents/document";
import { initialEtimsState } from "@app/shared/tax/vat";
import type { Ctx } from "../../platform/context.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { buildLines } from "./document-lines.ts";
import { findDoc, withDetails } from "./document-read.ts";
import {
  addDays,
  createDocument,
  enforce,
  insertDocument,
  quotationStatus,
  readDocument,
  replaceContent,
  today,
} from "./documents.service.ts";
import { salesDocuments } from "./sales-documents.table.ts";
import { now } from "../../platform/clock.ts";

/** POST /quotations: a quotation (QUO number) to a client or a walk-in; not a tax document (eTIMS not required). */
export function createQuotation(ctx: Ctx, input: CreateQuotationInput, idem: Idempotency = {}): Promise<SalesDocument> {
  return createDocument(ctx, input, idem, {
    type: "quotation",
    validUntil: input.validUntil ?? addDays(today(ctx), 30),
    etimsState: "not_required",
  });
}

/** PUT /quotations/{id}: while it is open. */
export function updateQuotation(
  ctx: Ctx,
  id: string,
  input: UpdateQuotationInput,
  idem: Idempotency = {},
): Promise<SalesDocument> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `quotation-edit:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const row = await findDoc(tx, ctx.businessId, "quotation", id, true);
      enforce(checkQuotationEdit({ status: quotationStatus(row) }));
      const priced = await buildLines(
        tx,
        { id: ctx.businessId, vatRegistered: ctx.business.vatRegistered },
        input.lines,
      );
      await replaceContent(tx, ctx, id, input, priced, input.validUntil ? { validUntil: input.validUntil } : {});
      return readDocument(tx, ctx, "quotation", id);
    },
  );
}

/**
 * POST /quotations/{id}/convert: the quotation becomes an invoice (same party, lines and prices;
 * the invoice's VAT follows the business's registration today). The quotation row is locked,
 * so converting twice, even at the same moment, gives one invoice and 409 QUOTATION_CONVERTED.
 */
export function convertQuotation(
  ctx: Ctx,
  id: string,
  input: { dueDate: string },
  idem: Idempotency = {},
): Promise<SalesDocument> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `quotation-convert:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const q = await findDoc(tx, ctx.businessId, "quotation", id, true);
      enforce(checkQuotationConvert({ status: quotationStatus(q) }));
      const [quotation] = await withDetails(tx, ctx.businessId, [q], ctx.business.timeZone);
      const priced = await buildLines(
        tx,
        { id: ctx.businessId, vatRegistered: ctx.business.vatRegistered },
        quotation!.lines.map((l) => ({
          productId: l.productId ?? undefined,
          description: l.description,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          taxType: l.taxType,
        })),
      );
      const invoiceId = await insertDocument(
        tx,
        ctx,
        {
          type: "invoice",
          state: "open",
          clientId: q.clientId,
          partyName: q.partyName,
          partyKraPin: q.partyKraPin,
          partyContact: q.partyContact,
          partyAddress: q.partyAddress,
          issuedAt: new Date(),
          dueDate: input.dueDate,
          relatedId: q.id,
          notes: q.notes,
          etimsState: initialEtimsState(ctx.business.kraPin),
        },
        priced,
      );
      await tx
        .update(salesDocuments)
        .set({ state: "converted", relatedId: invoiceId, updatedAt: now() })
        .where(and(eq(salesDocuments.businessId, ctx.businessId), eq(salesDocuments.id, q.id)));
      return readDocument(tx, ctx, "invoice", invoiceId);
    },
  );
}
