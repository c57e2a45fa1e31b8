import { describeError } from "../api/errors.ts";

/** Downloads a file the API makes (a PDF statement) with the user's token; the browser saves it. */
export async function downloadFile(url: string, token: string, fileName: string): Promise<void> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok)
    throw new Error(describeError({ status: res.status, data: await res.json().catch(() => undefined) }).message);
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
