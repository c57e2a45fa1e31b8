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
