import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CsvProblemsTable, problemsFromFields } from "./csv-problems-table.tsx";

afterEach(cleanup);

describe("import problems", () => {
  it("turns the server's 'line N.field' keys back into rows, by line", () => {
    expect(
      problemsFromFields({
        "line 12.sku": "SKU A is already used by a product",
        "line 3.barcode": "Same barcode as line 2",
        rows: "Too many",
      }),
    ).toEqual([
      { line: 0, field: "rows", message: "Too many" },
      { line: 3, field: "barcode", message: "Same barcode as line 2" },
      { line: 12, field: "sku", message: "SKU A is already used by a product" },
    ]);
  });

  it("shows each problem by line, column and message, and says when only the first 500 are listed", () => {
    const problems = Array.from({ length: 501 }, (_, i) => ({
      line: i + 2,
      field: "sellingPrice",
      message: "Required",
    }));
    render(<CsvProblemsTable problems={problems} />);
    // Rows by tag, not by role: the role query walks 500 rows' accessibility tree, seconds on a busy machine.
    const rows = [...screen.getByRole("table", { name: "Problems in the file" }).querySelectorAll("tr")];
    expect(rows).toHaveLength(501); // header + 500
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2", "sellingPrice", "Required"]);
    expect(screen.getByText("The first 500 of 501 problems are shown.")).toBeTruthy();
  }, 30_000); // a guard against hanging, not a timing check
});
