// What other modules may use of the restaurant module: its public entry (modules/README.md).
export { linkTicketToSale } from "./kitchen.service.ts";
export { placeOf } from "./place.ts";
