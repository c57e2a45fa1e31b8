import type { PrintLine } from "@app/shared/printing/receipt";

/**
 * The receipt's public page's one call: a plain fetch (no sign-in, no RTK Query). A failure is
 * thrown as { status, data }, the shape describeError reads.
 */
export async function fetchPublicReceipt(
  token: string,
  language: string,
  width: 32 | 48,
): Promise<{ businessName: string; lines: PrintLine[] }> {
  let res: Response;
  try {
    res = await fetch(
      `/api/public/receipts/${encodeURIComponent(token)}?lang=${language === "sw" ? "sw" : "en"}&width=${width}`,
    );
  } catch {
    throw { status: "FETCH_ERROR", data: undefined };
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw { status: res.status, data };
  return data as { businessName: string; lines: PrintLine[] };
}
