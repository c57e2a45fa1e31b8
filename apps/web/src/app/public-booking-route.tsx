import { Suspense } from "react";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { lazyWithRetry } from "../lib/lazy-part.tsx";

const PublicBookingPage = lazyWithRetry(() => import("../features/rooms/pages/public-booking-page.tsx"));

/**
 * /book/{code}, a hotel's public booking page, behind one more lazy step: app-routes.tsx loads
 * this file, which then loads the page. The list of the page's own chunks (MUI inputs, cards,
 * the language catalogue) is kept here, so the sign-in pages' first load carries one file name
 * for this route instead of about fifteen.
 */
export default function PublicBookingRoute() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <PublicBookingPage />
    </Suspense>
  );
}
