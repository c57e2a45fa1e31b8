// Every module's tables, for Drizzle's relational queries and for drizzle-kit.
export * from "../modules/accounts/accounts.table.ts";
export * from "../modules/businesses/businesses.table.ts";
export * from "../modules/hr/employees.table.ts";
export * from "../modules/inventory/categories.table.ts";
export * from "../modules/inventory/products.table.ts";
export * from "../modules/inventory/transfers.table.ts";
export * from "../platform/idempotency.table.ts";
export * from "../modules/sales/sales.table.ts";
export * from "../modules/restaurant/sections.table.ts";
export * from "../modules/printing/printing.table.ts";
export * from "../modules/subscriptions/subscriptions.table.ts";
export * from "../modules/requests/requests.table.ts";
