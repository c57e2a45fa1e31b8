import { t } from "@lingui/core/macro";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { baseApi } from "../../api/base-api.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { businessReset } from "../../lib/session/business-slice.ts";
import { accessKeyReset } from "../../lib/session/access-key-slice.ts";
import { loggedOut } from "../../lib/session/session-slice.ts";
import { pathTo } from "../../lib/paths.ts";
import { countOutbox } from "../../lib/offline/outbox.ts";

/**
 * Logout (spec section 4): tell the server, then clear the user. An admin also clears the
 * access key and business data and goes to /access; an employee goes to /normalaccounts.
 * A failed server call is only logged; logout completes anyway.
 * Refused while sales made offline wait on this device: signing out would strand them (they
 * are sent with the signed-in user's token), and the customer has paid for them.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  return async () => {
    const unsynced = await countOutbox().catch(() => 0);
    if (unsynced > 0) {
      toast.error(
        t`${unsynced} sales made offline have not reached the server yet. Connect to the internet and wait until they are synced before signing out: "Unsynced sales" in the menu lists them.`,
        { toastId: "unsynced-logout" },
      );
      return;
    }
    const isAdmin = user?.isAdmin ?? false;
    try {
      const res = await fetch("/api/employeesAuth/logout", {
        method: "POST",
        headers: user ? { authorization: `Bearer ${user.token}` } : {},
      });
      if (!res.ok && res.status !== 401) throw new Error(`logout answered ${res.status}`);
    } catch (err) {
      console.error("Logout call failed; signing out on this device anyway.", err);
    }
    dispatch(loggedOut());
    dispatch(baseApi.util.resetApiState());
    if (isAdmin) {
      dispatch(accessKeyReset());
      dispatch(businessReset());
      navigate(pathTo("/access"), { replace: true });
    } else {
      navigate(pathTo("/normalaccounts"), { replace: true });
    }
  };
}
