import Papa from "papaparse";

/**
 * Every CSV file the app writes goes through this file. A spreadsheet runs a cell starting with
 * = + - @ (and, in some, a tab or carriage return before one) as a formula, so a product named
 * `=cmd|' /C calc'!A0` would run on the computer of whoever opens the export. Such a cell is
 * written with an apostrophe first (OWASP's advice: spreadsheets show it as text). A plain
 * number, negative ones included, is not a formula and stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** An apostrophe this file added: one, before a formula start or before apostrophes that were there. */
const ADDED_APOSTROPHE = /^'(?='*[=+\-@\t\r\n])/;

/** A cell as it is safe to write: a would-be formula gets an apostrophe first. */
export function neutraliseCsvCell(cell: string): string {
  if (PLAIN_NUMBER.test(cell)) return cell;
  // Apostrophes already before a formula start get one more, so restoreCsvCell can always undo it.
  const afterApostrophes = cell.replace(/^'+/, "");
  if (FORMULA_START.test(afterApostrophes) && !PLAIN_NUMBER.test(afterApostrophes)) return `'${cell}`;
  return cell;
}

/** The text of a cell read back from a file this app wrote (the import of an export). */
export function restoreCsvCell(cell: string): string {
  if (!ADDED_APOSTROPHE.test(cell)) return cell;
  const rest = cell.slice(1);
  return neutraliseCsvCell(rest) === cell ? rest : cell;
}

/** A CSV file: a header line and rows, every cell neutralised and quoted where CSV needs it. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return Papa.unparse(
    { fields: header.map(neutraliseCsvCell), data: rows.map((r) => r.map(neutraliseCsvCell)) },
    { escapeFormulae: false },
  );
}
