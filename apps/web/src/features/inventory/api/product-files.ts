export type UploadResult = { ok: true; body: unknown } | { ok: false; status: number; body: unknown };

/**
 * POSTs JSON and reports upload progress (0..1): fetch cannot, and a 50,000-row import is
 * several megabytes. onUploaded fires when the server has the whole body and starts work.
 */
export function postJsonWithProgress(
  url: string,
  body: unknown,
  token: string,
  onProgress: (fraction: number) => void,
  onUploaded: () => void,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("content-type", "application/json");
    xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.upload.onload = () => onUploaded();
    const parse = () => {
      try {
        return JSON.parse(xhr.responseText) as unknown;
      } catch {
        return undefined;
      }
    };
    xhr.onload = () =>
      resolve(
        xhr.status >= 200 && xhr.status < 300
          ? { ok: true, body: parse() }
          : { ok: false, status: xhr.status, body: parse() },
      );
    xhr.onerror = () => resolve({ ok: false, status: 0, body: undefined });
    xhr.send(JSON.stringify(body));
  });
}
