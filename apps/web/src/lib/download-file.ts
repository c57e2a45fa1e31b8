import { describeError } from "../api/errors.ts";
import { i18n } from "@lingui/core";

/** Hands a blob to the browser as a file to save under fileName; its URL is freed after revokeAfterMs. */
export function saveBlob(blob: Blob, fileName: string, revokeAfterMs = 10_000): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), revokeAfterMs);
}

/**
 * Downloads a file the API makes (a PDF statement, a payslip, a CSV export) with the user's
 * token, which a plain link cannot send; the browser saves it. url is the full path (`/api/...`).
 */
export async function downloadFile(url: string, token: string, fileName: string): Promise<void> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, "accept-language": i18n.locale || "en" },
  });
  if (!res.ok)
    throw new Error(describeError({ status: res.status, data: await res.json().catch(() => undefined) }).message);
  saveBlob(await res.blob(), fileName);
}
