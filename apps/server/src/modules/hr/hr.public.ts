// What other modules may use of the hr module: its public entry (modules/README.md).

/** The staff table, for reading only: an employee signs in and holds sessions (accounts module). */
export { employees } from "./employees.table.ts";
