import { z } from "zod";
import { DEFAULT_PRINTER_PORT, PRINTER_KINDS, PRINTER_ROLES } from "./printer-values.ts";

export {
  COLUMNS_BY_WIDTH,
  DEFAULT_PRINTER_PORT,
  PAPER_WIDTHS,
  PRINTER_KINDS,
  PRINTER_ROLES,
} from "./printer-values.ts";

export const printerSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  name: z.string(),
  kind: z.enum(PRINTER_KINDS),
  role: z.enum(PRINTER_ROLES),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  paperWidth: z.union([z.literal(58), z.literal(80)]),
  createdAt: z.string(),
});
export type Printer = z.infer<typeof printerSchema>;

const HOST =
  /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$|^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/i;

export const createPrinterInputSchema = z
  .object({
    businessId: z.uuid(),
    name: z.string().trim().min(1, "Required").max(60),
    kind: z.enum(PRINTER_KINDS),
    role: z.enum(PRINTER_ROLES),
    host: z.string().trim().regex(HOST, "Enter the printer's IP address").optional(),
    port: z.number().int().min(1).max(65535).default(DEFAULT_PRINTER_PORT),
    paperWidth: z.union([z.literal(58), z.literal(80)]).default(80),
  })
  .refine((p) => p.kind !== "network" || Boolean(p.host), {
    message: "A network printer needs its IP address",
    path: ["host"],
  });
export type CreatePrinterInput = z.infer<typeof createPrinterInputSchema>;

/** Why the cash drawer was opened from the till (issue 31 item 6). */
export const DRAWER_REASONS = ["cash_sale", "no_sale"] as const;
export type DrawerReason = (typeof DRAWER_REASONS)[number];

/** POST /api/drawer/open: "No sale" at the till (the drawer opens through the receipt printer). */
export const openDrawerInputSchema = z.object({ businessId: z.uuid() });

/** One opening of the drawer, as the owner's log lists it. */
export const drawerOpeningSchema = z.object({
  _id: z.uuid(),
  reason: z.enum(DRAWER_REASONS),
  saleId: z.uuid().nullable(),
  openedBy: z.string(),
  createdAt: z.string(),
});
export type DrawerOpening = z.infer<typeof drawerOpeningSchema>;

/** GET /api/drawer/log: the newest openings first. */
export const drawerLogQuerySchema = z.object({
  businessId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
