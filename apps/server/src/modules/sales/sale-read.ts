import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Channel } from "@app/shared/pos/cart";
import { NOT_PAID, type CreditPaymentMethod } from "@app/shared/sales/credit";
import type { RecordedPaymentMethod } from "@app/shared/sales/payments";
import type { Sale } from "@app/shared/sales/sale";
import type { TaxType } from "@app/shared/tax/vat";
import type { DbOrTx } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { products } from "../inventory/inventory.public.ts";
import { creditPayments, saleLines, sales } from "./sales.table.ts";

export type SaleRow = typeof sales.$inferSelect;
type LineRow = {
  saleId: string;
  lineNo: number;
  productId: string;
  name: string;
  unitPrice: number;
  quantity: number;
  totalPrice: number;
  image: string | null;
  taxType: TaxType;
  listPrice?: number | null;
  discount?: number;
  discountReason?: string | null;
  approvedBy?: string | null;
  promotionId?: string | null;
  promotionName?: string | null;
};
type CreditRow = typeof creditPayments.$inferSelect;

export const CHANNEL_NOUN: Record<Channel, string> = { retail: "Sale", wholesale: "Order" };

/** The API shape of a sale from its row, lines and credit payments. */
export function toSale(row: SaleRow, lines: LineRow[], credits: CreditRow[]): Sale {
  const isCredit = row.creditAmount > 0;
  return {
    _id: row.id,
    businessId: row.businessId,
    saleNumber: row.saleNumber,
    channel: row.channel,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod as Sale["paymentMethod"],
    products: lines
      .sort((a, b) => a.lineNo - b.lineNo)
      .map((l) => ({
        productId: l.productId,
        name: l.name,
        image: l.image,
        productQuantity: l.quantity,
        productPrice: l.unitPrice,
        totalPrice: l.totalPrice,
        taxType: l.taxType,
        listPrice: l.listPrice ?? l.unitPrice,
        discount: l.discount ?? 0,
        discountReason: l.discountReason ?? null,
        approvedBy: l.approvedBy ?? null,
        promotionId: l.promotionId ?? null,
        promotionName: l.promotionName ?? null,
      })),
    payments: row.payments.map((p) => ({
      method: p.method as RecordedPaymentMethod,
      amount: p.amount,
      tendered: p.tendered,
      reference: p.reference,
    })),
    change: row.change,
    amount: row.total,
    balance: row.balance,
    amountPaid: row.total - row.balance,
    creditStatus: isCredit ? row.creditStatus : null,
    creditPaymentMethod: isCredit
      ? ((row.creditPaymentMethod ?? NOT_PAID) as CreditPaymentMethod | typeof NOT_PAID)
      : null,
    paymentTransactions: credits
      .sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime())
      .map((c) => ({
        _id: c.id,
        paymentDate: c.paidAt.toISOString(),
        amountPaid: c.amount,
        paymentMethod: c.method,
        recordedBy: c.recordedBy,
      })),
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerId: row.customerId,
    clearedBy: row.clearedBy,
    servedBy: row.servedBy,
    sectionId: row.sectionId,
    sectionName: row.sectionName,
    tableId: row.tableId,
    tableName: row.tableName,
    ticketId: row.ticketId,
    deletedBy: row.voidedBy,
    deletedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    vatBands: row.vatBands,
    etimsState: row.etimsState,
    etimsProof: row.etimsProof ?? null,
    etimsError: row.etimsError ?? null,
    offlineAt: row.offlineAt?.toISOString() ?? null,
    stockShortfall: row.stockShortfall ?? null,
    discount: row.discount ?? 0,
    ticketDiscount: row.ticketDiscount ?? 0,
    discountApprovedBy: row.discountApprovedBy ?? null,
    cashRounding: row.cashRounding ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function groupBySale<T extends { saleId: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.saleId);
    if (list) list.push(r);
    else out.set(r.saleId, [r]);
  }
  return out;
}

/** Sales with their lines (and each product's current image) and credit payments: three queries for any number. */
export async function withDetails(db: DbOrTx, businessId: string, rows: SaleRow[]): Promise<Sale[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [lines, credits] = await Promise.all([
    db
      .select({
        saleId: saleLines.saleId,
        lineNo: saleLines.lineNo,
        productId: saleLines.productId,
        name: saleLines.name,
        unitPrice: saleLines.unitPrice,
        quantity: saleLines.quantity,
        totalPrice: saleLines.totalPrice,
        listPrice: saleLines.listPrice,
        discount: saleLines.discount,
        discountReason: saleLines.discountReason,
        approvedBy: saleLines.approvedBy,
        promotionId: saleLines.promotionId,
        promotionName: saleLines.promotionName,
        taxType: saleLines.taxType,
        image: products.image,
      })
      .from(saleLines)
      .leftJoin(products, and(eq(products.businessId, saleLines.businessId), eq(products.id, saleLines.productId)))
      .where(and(eq(saleLines.businessId, businessId), inArray(saleLines.saleId, ids)))
      .orderBy(asc(saleLines.saleId), asc(saleLines.lineNo)),
    db
      .select()
      .from(creditPayments)
      .where(and(eq(creditPayments.businessId, businessId), inArray(creditPayments.saleId, ids))),
  ]);
  const linesOf = groupBySale(lines);
  const creditsOf = groupBySale(credits);
  return rows.map((r) => toSale(r, linesOf.get(r.id) ?? [], creditsOf.get(r.id) ?? []));
}

/** One sale of a channel, or 404 in the words of that channel. */
export async function findSaleRow(
  db: DbOrTx,
  businessId: string,
  channel: Channel,
  id: string,
  forUpdate = false,
): Promise<SaleRow> {
  const query = db
    .select()
    .from(sales)
    .where(and(eq(sales.businessId, businessId), eq(sales.id, id), eq(sales.channel, channel)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(CHANNEL_NOUN[channel]);
  return row;
}

/** One sale of any channel, or null (receipts read it through sales.public.ts). */
export async function findSale(db: DbOrTx, businessId: string, id: string): Promise<Sale | null> {
  const [row] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.businessId, businessId), eq(sales.id, id)));
  if (!row) return null;
  const [sale] = await withDetails(db, businessId, [row]);
  return sale ?? null;
}

export async function readSale(db: DbOrTx, businessId: string, channel: Channel, id: string): Promise<Sale> {
  const [sale] = await withDetails(db, businessId, [await findSaleRow(db, businessId, channel, id)]);
  return sale!;
}

/** The business a sale belongs to, for record routes. */
export async function businessIdOfSale(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: sales.businessId }).from(sales).where(eq(sales.id, id)).limit(1);
  return row?.businessId ?? null;
}

/**
 * Newest first, by sale number: the order `beforeNumber` pages by, so a page never skips or
 * repeats a sale. Sale numbers follow the order sales were made; created_at may not (a clock
 * stepped back, two tills in one millisecond), and ordering by it broke the cursor.
 */
export const newestFirst = [desc(sales.saleNumber)];
export const liveSale = (businessId: string, channel: Channel) =>
  and(eq(sales.businessId, businessId), eq(sales.channel, channel), sql`${sales.status} = 'completed'`);
