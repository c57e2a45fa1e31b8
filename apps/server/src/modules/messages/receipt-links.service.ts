import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { receiptLines, type PrintLine } from "@app/shared/printing/receipt";
import type { DocumentLanguage } from "@app/shared/printing/receipt-text";
import type { Sale } from "@app/shared/sales/sale";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { loadTenantBusiness } from "../businesses/businesses.public.ts";
import { receiptBranchOf } from "../etims/etims.public.ts";
import { findSale } from "../sales/sales.public.ts";
import { receiptLinks } from "./messages.table.ts";

/** A new link token: 32 random bytes (256 bits), base64url. */
const newToken = () => randomBytes(32).toString("base64url");

/** The address a receipt's public page has: {base}/r/{token}. */
export const receiptUrl = (base: string, token: string) => `${base.replace(/\/$/, "")}/r/${token}`;

/**
 * The sale's public link token, made the first time it is asked for (then the same one each time).
 * The sale must be the business's, of this channel (404 otherwise).
 */
export async function receiptTokenOf(db: DbOrTx, businessId: string, sale: Pick<Sale, "_id">): Promise<string> {
  await db.insert(receiptLinks).values({ businessId, saleId: sale._id, token: newToken() }).onConflictDoNothing();
  const [row] = await db
    .select({ token: receiptLinks.token })
    .from(receiptLinks)
    .where(and(eq(receiptLinks.businessId, businessId), eq(receiptLinks.saleId, sale._id)));
  return row!.token;
}

/** The receipt of a sale as printed, for the business of ctx, in a language. */
export async function receiptLinesOf(
  db: DbOrTx,
  ctx: Pick<Ctx, "businessId" | "business">,
  sale: Sale,
  language: DocumentLanguage,
  width = 48,
) {
  const etims = await receiptBranchOf(db, ctx.businessId);
  return receiptLines(sale, { ...ctx.business, etims }, width, { language });
}

/**
 * A receipt's public page (no sign-in): the receipt's printed lines, nothing else of the business.
 * 404 for an unknown token, a deleted business or a sale gone.
 */
export async function publicReceipt(
  db: Db,
  token: string,
  language: DocumentLanguage,
  width = 48,
): Promise<{ businessName: string; lines: PrintLine[] }> {
  const [link] = await db
    .select({ businessId: receiptLinks.businessId, saleId: receiptLinks.saleId })
    .from(receiptLinks)
    .where(eq(receiptLinks.token, token));
  const business = link ? await loadTenantBusiness(db, link.businessId) : null;
  const sale = link && business ? await findSale(db, link.businessId, link.saleId) : null;
  if (!link || !business || !sale) throw notFound("Receipt");
  return {
    businessName: business.name,
    lines: await receiptLinesOf(db, { businessId: business.id, business }, sale, language, width),
  };
}
