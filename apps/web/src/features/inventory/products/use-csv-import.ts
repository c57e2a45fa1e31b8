import { t } from "@lingui/core/macro";
import { useState } from "react";
import {
  importFileTooLarge,
  importRequestTooLarge,
  MAX_IMPORT_BODY_BYTES,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
  megabytesOf,
  type CsvProblem,
  type ProductImportRow,
} from "@app/shared/inventory/product-csv";
import { describeError } from "../../../api/errors.ts";
import { productsApi } from "../api/products-api.ts";
import { useAppDispatch } from "../../../app/hooks.ts";
import { postJsonWithProgress } from "../api/product-files.ts";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { checkProductCsv } from "./check-csv.ts";
import { problemsFromFields } from "./csv-problems-table.tsx";

export type ImportState =
  | { step: "idle" }
  | { step: "reading"; progress: number }
  | { step: "checking" }
  | { step: "invalid"; problems: CsvProblem[]; message: string }
  | { step: "ready"; rows: ProductImportRow[]; fileName: string }
  | { step: "uploading"; progress: number; rows: number }
  | { step: "processing"; rows: number }
  | { step: "done"; created: number };

function readText(file: File, onProgress: (f: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsText(file);
  });
}

/** What the import takes, as the dialog says it: the server's limits, from packages/shared. */
export const importLimitsText = () =>
  t`Files up to ${megabytesOf(MAX_IMPORT_FILE_BYTES)} MB and ${MAX_IMPORT_ROWS.toLocaleString("en")} products.`;

/** The import request's size in bytes, as the server counts it (UTF-8 JSON). */
const requestBytes = (businessId: string, rows: ProductImportRow[]) =>
  new TextEncoder().encode(JSON.stringify({ businessId, rows })).length;

/**
 * A product CSV import: the file's size is checked before it is read, then the whole file is
 * checked (every row and column, and at most MAX_IMPORT_ROWS, by the shared rules; the server
 * checks again and also against existing codes), then the size of the request; nothing is sent,
 * or written, unless it is all valid and within the server's limits.
 */
export function useCsvImport() {
  const dispatch = useAppDispatch();
  const { businessId, token } = useInventoryAccess();
  const [state, setState] = useState<ImportState>({ step: "idle" });

  async function choose(file: File) {
    if (importFileTooLarge(file)) {
      const size = megabytesOf(file.size);
      const max = megabytesOf(MAX_IMPORT_FILE_BYTES);
      const rows = MAX_IMPORT_ROWS.toLocaleString("en");
      setState({
        step: "invalid",
        problems: [],
        message: t`${file.name} is ${size} MB; the import takes files up to ${max} MB and ${rows} products. Split it into smaller files.`,
      });
      return;
    }
    setState({ step: "reading", progress: 0 });
    try {
      const text = await readText(file, (progress) => setState({ step: "reading", progress }));
      setState({ step: "checking" });
      const { rows, problems } = await checkProductCsv(text);
      if (problems.length)
        setState({
          step: "invalid",
          problems,
          message: `${problems.length} problem(s) in ${file.name}. Nothing was imported; fix the file and choose it again.`,
        });
      else if (!rows.length) setState({ step: "invalid", problems: [], message: `${file.name} has no product rows.` });
      else if (importRequestTooLarge(requestBytes(businessId, rows))) {
        const max = megabytesOf(MAX_IMPORT_BODY_BYTES);
        setState({
          step: "invalid",
          problems: [],
          message: t`${file.name} takes more than ${max} MB to send; the import sends at most ${max} MB. Split it into smaller files.`,
        });
      } else setState({ step: "ready", rows, fileName: file.name });
    } catch (err) {
      setState({
        step: "invalid",
        problems: [],
        message: err instanceof Error ? err.message : "The file could not be read",
      });
    }
  }

  async function upload(rows: ProductImportRow[]) {
    setState({ step: "uploading", progress: 0, rows: rows.length });
    const result = await postJsonWithProgress(
      "/api/products/import",
      { businessId, rows },
      token,
      (progress) => setState({ step: "uploading", progress, rows: rows.length }),
      () => setState({ step: "processing", rows: rows.length }),
    );
    if (result.ok) {
      dispatch(productsApi.util.invalidateTags(["Product", "Category", "Stock", "Notification"]));
      setState({ step: "done", created: (result.body as { created: number }).created });
      return;
    }
    const { message, fields } = describeError({ status: result.status || "FETCH_ERROR", data: result.body });
    setState({ step: "invalid", problems: problemsFromFields(fields), message: `${message}` });
  }

  return { state, choose, upload, reset: () => setState({ step: "idle" }) };
}
