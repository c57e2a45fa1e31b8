import type { Session } from "@app/shared/auth/auth";
/** After a successful sign-in: keep the session, load the businesses, open the landing page. */
export declare function useCompleteSignIn(): (session: Session, preferredBusinessId?: string) => Promise<void>;
