// Every module's tables, for Drizzle's relational queries and for drizzle-kit.
export * from "../modules/accounts/accounts.table.ts";
export * from "../modules/businesses/businesses.table.ts";
export * from "../modules/employees/employees.table.ts";
