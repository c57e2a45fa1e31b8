import { t } from "@lingui/core/macro";
import SwitchAccountIcon from "@mui/icons-material/SwitchAccount";
import { Button } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { useAppSelector } from "../../../app/hooks.ts";

/** The dialog loads when opened: it is not part of the till's first load. */
const SwitchDialog = lazy(() => import("./switch-cashier-dialog.tsx").then((m) => ({ default: m.SwitchDialog })));

/**
 * The quick cashier switch: on this till (signed in to the business), another member of staff
 * takes over with their 4-6 digit PIN; this session ends and theirs begins, so every sale from
 * now on records who served it. Wrong PINs lock the PIN after a few tries.
 */
export function SwitchCashierButton({ businessId }: { businessId: string }) {
  const [open, setOpen] = useState(false);
  const me = useAppSelector((s) => s.session.user?.details.username);
  return (
    <>
      <Button size="small" startIcon={<SwitchAccountIcon />} onClick={() => setOpen(true)} data-testid="switch-cashier">
        {me ? t`${me} · Switch` : t`Switch cashier`}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SwitchDialog businessId={businessId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
