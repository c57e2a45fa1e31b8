import { saveBlob } from "./download-file.ts";
import { i18n } from "@lingui/core";
import { t } from "@lingui/core/macro";

/**
 * PDFs of the API (invoices, receipts, Z reports) need the bearer token, so a plain link cannot
 * fetch them: they are fetched here and handed to the browser as a file.
 */
async function fetchPdf(url: string, token: string | undefined): Promise<Blob> {
  const language = { "accept-language": i18n.locale || "en" };
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}`, ...language } : language });
  if (!res.ok) throw new Error(res.status === 404 ? t`Not found` : t`The PDF could not be made (${res.status})`);
  return res.blob();
}

/** Downloads a PDF under a file name (the browser's downloads). */
export async function savePdf(url: string, token: string | undefined, fileName: string): Promise<void> {
  saveBlob(await fetchPdf(url, token), fileName, 60_000);
}

/**
 * Opens a PDF in a new tab to read or print. The tab is opened at once (inside the click, so no
 * popup blocker stops it) and shown the file when it arrives.
 */
export async function showPdf(url: string, token: string | undefined): Promise<void> {
  const tab = window.open("", "_blank");
  try {
    const href = URL.createObjectURL(await fetchPdf(url, token));
    if (tab) tab.location.href = href;
    else window.location.assign(href);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
