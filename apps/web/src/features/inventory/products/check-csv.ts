import { parseProductCsv } from "@app/shared/inventory/product-csv";

type Result = ReturnType<typeof parseProductCsv>;

/** Runs the shared CSV check in a worker (the page keeps drawing its progress), or inline where workers are missing. */
export function checkProductCsv(text: string): Promise<Result> {
  if (typeof Worker === "undefined") return Promise.resolve(parseProductCsv(text));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./csv-check.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (e: MessageEvent<Result>) => {
      resolve(e.data);
      worker.terminate();
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || "The file could not be checked"));
    };
    worker.postMessage(text);
  });
}
