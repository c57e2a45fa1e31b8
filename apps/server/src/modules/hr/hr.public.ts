// What other modules may use of the hr module: its public entry (modules/README.md).

/** The staff table, for reading only: an employee signs in and holds sessions (flows/session-user.ts). */
export { employees } from "./employees.table.ts";
export { employeeDetails } from "./sign-in.service.ts";
export { businessIdOfEmployee, deactivateEmployee, eraseEmployee, lockEmployee } from "./employees.service.ts";
export { employeeRecord } from "./employees.routes.ts";
export { hasOwnerPin, verifyOwnerPin } from "./pins.service.ts";
