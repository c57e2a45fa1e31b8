// What other modules may use of the subscriptions module: its public entry (modules/README.md).
export { containing } from "./plans.service.ts";
// The Daraja client: the till's M-Pesa (mpesa module) talks to Daraja with each business's own credentials.
export { DarajaClient, type StkQueryResult } from "./providers/daraja.ts";
export { ProviderError } from "./providers/provider-error.ts";
