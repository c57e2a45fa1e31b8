// What other modules may use of the subscriptions module: its public entry (modules/README.md).
export { containing } from "./plans.service.ts";
