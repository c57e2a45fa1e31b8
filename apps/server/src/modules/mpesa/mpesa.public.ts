// What other modules and flows may use of the mpesa module: its public entry (modules/README.md).
export { claimForSale, labelPayment, markTaken } from "./payments.service.ts";
// Daraja's callbacks: flows/mpesa-callbacks.routes.ts receives them and passes on what crosses areas.
export { handleC2bValidation, storeC2bConfirmation, type C2bBody, type StoredC2b } from "./c2b.service.ts";
export { handleStkCallback, type FillSaleReference } from "./stk.service.ts";
export type { TillMpesaDeps } from "./mpesa-deps.ts";
// The Daraja client: the provider's subscriptions talk to Daraja too, with the provider's credentials.
export { DarajaClient, type StkQueryResult } from "./daraja.ts";
// For app.ts and the command line (npm run mpesa:register-c2b).
export { createTillMpesaDeps, registerC2bForBusinesses } from "./mpesa-deps.ts";
