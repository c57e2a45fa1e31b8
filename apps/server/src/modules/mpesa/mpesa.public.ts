// What other modules may use of the mpesa module: its public entry (modules/README.md).
export { claimForSale } from "./mpesa.service.ts";
