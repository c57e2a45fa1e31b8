import { z } from "zod";
import type { CatalogPayload } from "./catalog.ts";

/** The catalog answer (CatalogPayload, catalog.ts) as the server checks and documents it. */
export const catalogPayloadSchema = z.object({
  /** The newest change included; send it back as `since` for the next refresh. */
  version: z.string().nullable(),
  /** true: a whole catalog; false: changes since the version asked for. */
  full: z.boolean(),
  ids: z.array(z.string()),
  names: z.array(z.string()),
  skus: z.array(z.string().nullable()),
  barcodes: z.array(z.string().nullable()),
  sellingprices: z.array(z.number()),
  wholesalePrices: z.array(z.number()),
  quantities: z.array(z.number()),
  units: z.array(z.string()),
  images: z.array(z.string().nullable()),
  /** Products no longer sold (archived, inactive): drop them from the till. */
  removed: z.array(z.string()),
});

// The schema and the type say the same thing (a compile error here if either changes alone).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same: Same<z.infer<typeof catalogPayloadSchema>, CatalogPayload> = true;
void same;
