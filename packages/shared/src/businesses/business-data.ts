import { z } from "zod";

/**
 * One business's data, in and out (issue 29 item 4): the owner's export (a ZIP of CSVs and
 * uploads), deletion (hidden at once, erased for good after ERASE_AFTER_DAYS), support's restore
 * within those days and support's import of an export into a server.
 */
export const ERASE_AFTER_DAYS = 30;

/** When a business deleted at `deletedAt` is erased for good. */
export function erasesAt(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + ERASE_AFTER_DAYS * 86_400_000);
}

/** The typed confirmation matches the business's name (spaces around and letter case aside). */
export function confirmsName(typed: string, name: string): boolean {
  return typed.trim().toLocaleLowerCase() === name.trim().toLocaleLowerCase();
}

/** DELETE /api/businesses/{id}: the owner types the business's name out. */
export const deleteBusinessInputSchema = z.object({
  confirmName: z.string().trim().min(1, "Type the business's name").max(200),
});
export type DeleteBusinessInput = z.infer<typeof deleteBusinessInputSchema>;

export const deletedBusinessSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  ownerId: z.uuid(),
  deletedAt: z.string(),
  /** Erased for good at this time, unless support restores it before. */
  erasesAt: z.string(),
});
export type DeletedBusiness = z.infer<typeof deletedBusinessSchema>;

export const businessImportResultSchema = z.object({
  businessId: z.uuid(),
  businessName: z.string(),
  rows: z.number().int(),
  files: z.number().int(),
});
export type BusinessImportResult = z.infer<typeof businessImportResultSchema>;

/** The export's file name: the business's name made safe, and the day. */
export function exportFileName(name: string, day: string): string {
  const safe =
    name
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "business";
  return `${safe}-${day}.zip`;
}
