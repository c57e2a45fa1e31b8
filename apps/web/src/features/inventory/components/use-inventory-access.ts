import { mayDoInventory } from "@app/shared/permissions/inventory";
import { useAppSelector } from "../../../app/hooks.ts";

/**
 * The current business and what the signed-in user may do in Inventory (spec section 6):
 * reviewStock looks, handleStock changes products and stock, handleTransfer moves stock.
 * The server applies the same rule and refuses the rest anyway.
 */
export function useInventoryAccess() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const businesses = useAppSelector((s) => s.business.list);
  const token = user?.token ?? "";
  return {
    business,
    businessId: business?._id ?? "",
    businesses,
    token,
    isAdmin: Boolean(user?.isAdmin),
    canView: Boolean(user && mayDoInventory("view", user)),
    canManage: Boolean(user && mayDoInventory("manage", user)),
    canTransfer: Boolean(user && mayDoInventory("transfer", user)),
  };
}
