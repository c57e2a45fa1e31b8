// What other modules may use of the mpesa module: its public entry (modules/README.md).
export { claimForSale } from "./mpesa.service.ts";
// For app.ts and the command line (npm run mpesa:register-c2b).
export { createTillMpesaDeps, registerC2bForBusinesses } from "./mpesa-deps.ts";
