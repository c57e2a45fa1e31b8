import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button } from "@mui/material";
import { useState } from "react";
import { PartDialog } from "../../../components/part-dialog.tsx";
import { cashOutPart } from "../till-parts.ts";

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
        <PartDialog part={cashOutPart} open title={t`Cash out`} onClose={() => setOpen(false)}>
          {(m) => <m.CashOutDialog businessId={businessId} onClose={() => setOpen(false)} />}
        </PartDialog>
      )}
    </>
  );
}
