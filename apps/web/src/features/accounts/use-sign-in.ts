import { useNavigate } from "react-router";
import type { Session } from "@app/shared/accounts/auth";
import type { Business } from "@app/shared/businesses/business";
import { preloadSignedInApp } from "../../lib/preload.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { businessesFetched, businessesFetchFailure, businessesFetchStart } from "../../lib/session/business-slice.ts";
import { loginSuccess } from "../../lib/session/session-slice.ts";
import { rememberedPage } from "../../lib/session/last-page.ts";

/**
 * After a successful sign-in: keep the session, load the businesses, open the landing page (the
 * page last open on this device if the menu still offers it, else the role's most useful page).
 */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async (session: Session, preferredBusinessId?: string) => {
    preloadSignedInApp(); // the sign-in pages start it on submit; this covers any other way in
    // The menu rules (for the landing page) load now, not with the first page; should they fail
    // to load, "/" leaves it to the access rules.
    const landingPathOf = import("@app/shared/permissions/menu").then(
      (m) => m.landingPath,
      () => () => "/",
    );
    dispatch(loginSuccess(session));
    dispatch(businessesFetchStart());
    let list: Business[] = [];
    try {
      const res = await fetch("/api/businesses", { headers: { authorization: `Bearer ${session.token}` } });
      if (!res.ok) throw new Error(`GET /api/businesses answered ${res.status}`);
      list = (await res.json()) as Business[];
      const preferred = list.find((b) => b._id === preferredBusinessId);
      dispatch(businessesFetched(preferred ? [preferred, ...list.filter((b) => b !== preferred)] : list));
    } catch (err) {
      console.error(err);
      dispatch(businessesFetchFailure());
    }
    const current = list.find((b) => b._id === preferredBusinessId) ?? list[0] ?? null;
    navigate((await landingPathOf)(session, current, rememberedPage(session.details._id)), { replace: true });
  };
}
