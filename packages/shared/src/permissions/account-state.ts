import type { Actor, BusinessContext } from "./areas.ts";

/** True when the business is explicitly deactivated (undefined counts as active). */
export function isAccountInactive(business: BusinessContext): boolean {
  return business?.accountActive === false;
}

/** On an inactive account only the provider's support (or a user named Support) reaches Settings. */
export function mayOpenSettingsWhileInactive(actor: Actor): boolean {
  return actor.details.isSupportUser || actor.details.username === "Support";
}
