import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Chip } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { ticketDiscounts, type Channel, type Ticket, type TicketLine } from "@app/shared/pos/cart";
import type { LineAdjustment } from "@app/shared/pos/discounts";
import { describeError } from "../../../api/errors.ts";
import { useAppDispatch, useAppSelector } from "../../../app/hooks.ts";
import { lineAdjusted, ticketDiscounted } from "../pos-slice.ts";
import { useNoSaleMutation } from "../pos-api.ts";
import { DiscountDialog } from "./discount-dialog.tsx";

type Props = {
  channel: Channel;
  businessId: string | undefined;
  ticket: Ticket;
  selectedLine: TicketLine | undefined;
  /** No dialog of the till is open: the keys act. */
  enabled: boolean;
  keyboard: boolean;
};

/**
 * Discounts and the cash drawer at the till (issue 31): F6 a discount or new price on the
 * selected line, F7 a discount on the whole ticket, and "No sale" (the drawer opens through the
 * receipt printer, logged with who and when). The savings so far show beside them.
 */
export function TillDiscountBar({ channel, businessId, ticket, selectedLine, enabled, keyboard }: Props) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const limit = user?.isAdmin ? 100 : (user?.details.maxDiscountPercent ?? 0);
  const [editing, setEditing] = useState<"line" | "ticket" | null>(null);
  const [noSale, { isLoading: opening }] = useNoSaleMutation();
  const empty = !ticket.products.length;
  const saved = ticketDiscounts(ticket)?.discount ?? 0;

  const keys = useRef({ enabled, empty, hasLine: Boolean(selectedLine) });
  keys.current = { enabled: enabled && !editing, empty, hasLine: Boolean(selectedLine) };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = keys.current;
      if (!k.enabled || k.empty) return;
      if (e.key === "F6" && k.hasLine) setEditing("line");
      else if (e.key === "F7") setEditing("ticket");
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  async function openDrawer() {
    if (!businessId) return;
    try {
      const outcome = await noSale(businessId).unwrap();
      if (outcome.printStatus === "sent") toast.success(t`Drawer opened (No sale recorded)`);
      else if (outcome.printStatus === "failed")
        toast.error(outcome.printerError ?? t`The receipt printer did not take it`);
      else toast.info(t`No sale recorded. Open the drawer with its key: no network receipt printer is set up.`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }

  const apply = (adjustment: LineAdjustment | null, reason: string) => {
    if (editing === "line" && selectedLine)
      dispatch(lineAdjusted({ channel, productId: selectedLine.productId, adjustment, reason }));
    if (editing === "ticket")
      dispatch(
        ticketDiscounted({ channel, discount: adjustment && adjustment.type !== "price" ? adjustment : null, reason }),
      );
    setEditing(null);
  };

  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", mt: 1 }}>
      <Button
        size="small"
        variant="outlined"
        disabled={empty || !selectedLine}
        onClick={() => setEditing("line")}
        sx={{ minHeight: 44 }}
        data-testid="line-discount"
      >
        {keyboard ? <Trans>Line discount (F6)</Trans> : <Trans>Line discount</Trans>}
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={empty}
        onClick={() => setEditing("ticket")}
        sx={{ minHeight: 44 }}
        data-testid="ticket-discount"
      >
        {keyboard ? <Trans>Ticket discount (F7)</Trans> : <Trans>Ticket discount</Trans>}
      </Button>
      <Button
        size="small"
        color="inherit"
        disabled={opening || !businessId}
        onClick={() => void openDrawer()}
        sx={{ minHeight: 44 }}
      >
        <Trans>No sale</Trans>
      </Button>
      {saved !== 0 && (
        <Chip
          size="small"
          color="success"
          data-testid="ticket-savings"
          label={saved > 0 ? t`Discount ${formatKES(saved)}` : t`Above list price by ${formatKES(-saved)}`}
        />
      )}
      <DiscountDialog
        open={editing !== null}
        line={editing === "line" ? (selectedLine ?? null) : null}
        current={editing === "line" ? (selectedLine?.adjustment ?? null) : (ticket.discount ?? null)}
        currentReason={editing === "line" ? (selectedLine?.reason ?? "") : (ticket.discountReason ?? "")}
        limit={limit}
        onApply={apply}
        onClose={() => setEditing(null)}
      />
    </Box>
  );
}
