// What other modules, flows and app.ts may use of the accounts module: its public entry (modules/README.md).

/** The sign-in tables, for reading only (the session lookup of flows/session-user.ts joins them). */
export { sessions, users } from "./accounts.table.ts";
export {
  adminDetails,
  createSession,
  revokeEmployeeSessions,
  revokeOtherSessions,
  revokeSession,
  touchSession,
} from "./sessions.service.ts";
export { insertOwner } from "./accounts.service.ts";
