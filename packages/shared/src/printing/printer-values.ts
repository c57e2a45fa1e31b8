// The printers' fixed values, free of zod (the till's print code loads them); printer.ts re-exports them.

/**
 * Printers of a business: network ESC/POS printers (IP and port, usually 9100) that the server
 * prints to, or the browser's print dialog on the till itself.
 */
export const PRINTER_KINDS = ["network", "browser"] as const;
export const PRINTER_ROLES = ["receipt", "kitchen"] as const;
export const PAPER_WIDTHS = [58, 80] as const;
export const DEFAULT_PRINTER_PORT = 9100;

/** Characters per line of Font A on each paper width. */
export const COLUMNS_BY_WIDTH: Record<(typeof PAPER_WIDTHS)[number], number> = { 58: 32, 80: 48 };
