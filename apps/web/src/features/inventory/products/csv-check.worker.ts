/// <reference lib="webworker" />
import { parseProductCsv } from "@app/shared/inventory/product-csv";

/** Checks a product CSV off the main thread: 50,000 rows take seconds, and the page must stay responsive. */
self.onmessage = (e: MessageEvent<string>) => {
  self.postMessage(parseProductCsv(e.data));
};
