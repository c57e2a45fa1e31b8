import { t } from "@lingui/core/macro";
import SwitchAccountIcon from "@mui/icons-material/SwitchAccount";
import { Button } from "@mui/material";
import { useState } from "react";
import { useAppSelector } from "../../../app/hooks.ts";
import { PartDialog } from "../../../components/part-dialog.tsx";
import { switchCashierPart } from "../till-parts.ts";

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
        <PartDialog part={switchCashierPart} open title={t`Switch cashier`} onClose={() => setOpen(false)}>
          {(m) => <m.SwitchDialog businessId={businessId} onClose={() => setOpen(false)} />}
        </PartDialog>
      )}
    </>
  );
}
