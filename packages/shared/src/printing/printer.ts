import { z } from "zod";

/**
 * Printers of a business: network ESC/POS printers (IP and port, usually 9100) that the server
 * prints to, or the browser's print dialog on the till itself.
 */
export const PRINTER_KINDS = ["network", "browser"] as const;
export const PRINTER_ROLES = ["receipt", "kitchen"] as const;
export const PAPER_WIDTHS = [58, 80] as const;
export const DEFAULT_PRINTER_PORT = 9100;

/** Characters per line of Font A on each paper width. */
export const COLUMNS_BY_WIDTH: Record<(typeof PAPER_WIDTHS)[number], number> = { 58: 32, 80: 48 };

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
