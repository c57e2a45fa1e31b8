// What other modules may use of the printing module: its public entry (modules/README.md).
export { networkPrinterFor, printOn } from "./printers.service.ts";
export { logDrawerOpening } from "./drawer.service.ts";
