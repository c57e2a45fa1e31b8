import { Trans } from "@lingui/react/macro";
import { Box, Button, Skeleton, Typography } from "@mui/material";
import type { Customer } from "@app/shared/customers/customer";
import { useAppSelector } from "../../../app/hooks.ts";
import { PartNeedsNetwork } from "../../../components/part-dialog.tsx";
import { lazyPart, usePart } from "../../../lib/lazy-part.tsx";

// The picker (Autocomplete, the customers API) loads when a payment turns to Credit, not with the till.
const pickerPart = lazyPart(() => import("./credit-customer-picker.tsx"));

/** Who a credit sale is for: picked by name or phone, or added on the spot (loaded on first use). */
export function CreditCustomerPicker(props: {
  businessId: string | undefined;
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
}) {
  const { module, failed, retry } = usePart(pickerPart);
  if (module) return <module.default {...props} />;
  return (
    <Box sx={{ mt: 2 }}>
      {failed ? (
        <>
          <PartNeedsNetwork />
          <Button size="small" onClick={retry} sx={{ mt: 1 }}>
            <Trans>Try again</Trans>
          </Button>
        </>
      ) : (
        <Skeleton variant="rounded" height={40} />
      )}
    </Box>
  );
}

/**
 * Under a CREDIT_LIMIT_EXCEEDED refusal: the owner may allow the sale anyway (the server checks
 * it is the owner); staff are told who can.
 */
export function CreditLimitOverride({ onOverride, busy }: { onOverride: () => void; busy: boolean }) {
  const isOwner = useAppSelector((s) => Boolean(s.session.user?.isAdmin));
  return isOwner ? (
    <Button size="small" color="inherit" variant="outlined" onClick={onOverride} disabled={busy} sx={{ mt: 1 }}>
      <Trans>Allow it anyway (owner)</Trans>
    </Button>
  ) : (
    <Typography variant="body2" sx={{ mt: 1 }}>
      <Trans>Only the owner can allow credit above a customer's limit.</Trans>
    </Typography>
  );
}
