// What other modules and app.ts may use of the accounts module: its public entry (modules/README.md).
export {
  adminDetails,
  createSession,
  loadSessionUser,
  loadTenantBusiness,
  revokeEmployeeSessions,
  revokeOtherSessions,
} from "./sessions.service.ts";
export { insertOwner } from "./accounts.service.ts";
