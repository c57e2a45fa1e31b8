import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_IMPORT_BODY_BYTES, MAX_IMPORT_FILE_BYTES, PRODUCT_CSV_COLUMNS } from "@app/shared/inventory/product-csv";
import { ownerStore, stubApi } from "../../../test/test-api.ts";
import { CsvImportDialog } from "./csv-import-dialog.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open() {
  render(
    <Provider store={ownerStore()}>
      <CsvImportDialog onClose={() => undefined} />
    </Provider>,
  );
}
const choose = (file: File) => fireEvent.change(screen.getByLabelText("CSV file"), { target: { files: [file] } });
const fileOf = (text: string, size?: number) => {
  const file = new File([text], "products.csv", { type: "text/csv" });
  if (size !== undefined) Object.defineProperty(file, "size", { value: size });
  return file;
};

describe("the import dialog checks a file against the server's limits before sending it", () => {
  it("says what the limits are before a file is chosen", () => {
    stubApi({});
    open();
    expect(screen.getByTestId("import-limits").textContent).toBe("Files up to 10 MB and 50,000 products.");
    expect(MAX_IMPORT_FILE_BYTES).toBe(10 * 1024 * 1024);
  });

  it("a file over the size limit is refused at once, naming the limit; it is not read and nothing is sent", async () => {
    const fetch = stubApi({});
    const read = vi.spyOn(FileReader.prototype, "readAsText");
    open();
    choose(fileOf("name,sellingPrice\nA,1\n", 50 * 1024 * 1024));
    expect(
      await screen.findByText(
        "products.csv is 50 MB; the import takes files up to 10 MB and 50,000 products. Split it into smaller files.",
      ),
    ).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Import" })).toHaveProperty("disabled", true);
  });

  it(
    "rows whose request would be over the server's body limit are refused before sending, naming the limit",
    { timeout: 60_000 },
    async () => {
      const fetch = stubApi({});
      open();
      // A control character takes six bytes in JSON: a file under 10 MB can make a request over 30 MB.
      const description = "\u0001".repeat(2000);
      const count = Math.ceil(MAX_IMPORT_BODY_BYTES / (6 * 2000)) + 10;
      const rows = Array.from({ length: count }, (_, i) => `P${i},,,,,,,1,,,,${description}`).join("\n");
      const file = fileOf(`${PRODUCT_CSV_COLUMNS.join(",")}\n${rows}\n`);
      expect(file.size).toBeLessThan(MAX_IMPORT_FILE_BYTES);
      choose(file);
      expect(
        await screen.findByText(/takes more than 30 MB to send; the import sends at most 30 MB/, undefined, {
          timeout: 50_000,
        }),
      ).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
      expect(screen.getByRole("button", { name: "Import" })).toHaveProperty("disabled", true);
    },
  );

  it("a file within the limits is checked and can be imported", async () => {
    const fetch = stubApi({ "POST /api/products/import": () => ({ __status: 201, created: 1 }) });
    open();
    choose(fileOf(`${PRODUCT_CSV_COLUMNS.join(",")}\nSoda,,,,,,,60.50,,,,\n`));
    await waitFor(() => expect(screen.getByRole("button", { name: "Import" })).toHaveProperty("disabled", false));
    expect(fetch).not.toHaveBeenCalled();
  });
});
