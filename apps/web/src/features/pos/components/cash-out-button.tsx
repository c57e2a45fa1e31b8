import { Trans } from "@lingui/react/macro";
import { Button } from "@mui/material";
import { lazy, Suspense, useState } from "react";

/** The dialog loads when opened: it is not part of the till's first load. */
const CashOutDialog = lazy(() => import("./cash-out-dialog.tsx").then((m) => ({ default: m.CashOutDialog })));

/**
 * Cash out of the till during a shift (change for a supplier, the boda rider, water): recorded
 * as an expense paid in Cash from this user's till, so the cash-up expects that much less.
 */
export function CashOutButton({ businessId }: { businessId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        <Trans>Cash out</Trans>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CashOutDialog businessId={businessId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
