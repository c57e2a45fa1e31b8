import { z } from "zod";

/**
 * The paging fields of a list's query string: `page` (0-based) and `pageSize`. Spread them into
 * the list's query schema; `size` is the default page size, `maxSize` the largest allowed, and
 * `maxPage` (optional) the last page a client may ask for.
 */
export function pageQueryFields({
  size = 10,
  maxSize = 100,
  maxPage,
}: { size?: number; maxSize?: number; maxPage?: number } = {}) {
  const page = z.coerce.number().int().min(0);
  return {
    page: (maxPage === undefined ? page : page.max(maxPage)).default(0),
    pageSize: z.coerce.number().int().min(1).max(maxSize).default(size),
  };
}

/** One page of a list as the API answers it: the page's items and the count of all that match. */
export function pageSchemaOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
