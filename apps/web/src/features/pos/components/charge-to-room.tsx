import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import HotelIcon from "@mui/icons-material/HotelOutlined";
import { Alert, Box, Button, Divider, MenuItem, TextField, Typography } from "@mui/material";
import { useRef, useState } from "react";
import type { Channel, Ticket } from "@app/shared/pos/cart";
import type { Sale } from "@app/shared/sales/sale";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { useChargeToRoomMutation, useInHouseGuestsQuery } from "../../rooms/rooms-api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

type Props = {
  channel: Channel;
  businessId: string | undefined;
  ticket: Ticket;
  onSold: (sale: Sale) => void;
  onRefused: (code: string | null) => void;
};

const linesKey = (t: Ticket) => `${t.ticketId}|${t.products.map((l) => `${l.productId}x${l.quantity}`).join(",")}`;

/**
 * Hotels' "charge to room" in the checkout dialog: instead of taking payment, the ticket goes on
 * a checked-in guest's bill (the rooms module records the sale, stock moves through the ledger as
 * for any sale). Shown for retail tills of hotel businesses only. One Idempotency-Key per ticket
 * content and room, so a retry after a lost answer charges once.
 */
export function ChargeToRoom({ channel, businessId, ticket, onSold, onRefused }: Props) {
  const hotel = useAppSelector((s) => s.business.current?.businessType === "hotel");
  const show = hotel && channel === "retail" && Boolean(businessId);
  const guests = useInHouseGuestsQuery(businessId ?? "", { skip: !show });
  const [charge, { isLoading }] = useChargeToRoomMutation();
  const [bookingId, setBookingId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ lines: string; key: string } | null>(null);
  if (!show) return null;

  async function submit() {
    setError(null);
    const lines = `${linesKey(ticket)}|${bookingId}`;
    if (attempt.current?.lines !== lines) attempt.current = { lines, key: newIdempotencyKey() };
    try {
      const sale = await charge({
        bookingId,
        idempotencyKey: attempt.current.key,
        body: {
          products: ticket.products.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          expectedTotal: ticket.total,
          ticketId: ticket.ticketId,
          ...(ticket.section ? { sectionId: ticket.section } : {}),
          ...(ticket.table ? { tableId: ticket.table } : {}),
        },
      }).unwrap();
      attempt.current = null;
      onSold(sale);
    } catch (err) {
      setError(describeError(err).message);
      if ((err as { status?: unknown }).status === 409) onRefused(errorCodeOf(err));
    }
  }

  return (
    // Enter here works this section's own controls: it must not reach the dialog's Enter (complete the sale).
    <Box data-testid="charge-to-room" onKeyDown={(e) => e.key === "Enter" && e.stopPropagation()}>
      <Divider sx={{ my: 2 }}>
        <Trans>or</Trans>
      </Divider>
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
        <TextField
          select
          size="small"
          label={t`Guest's room`}
          value={bookingId}
          onChange={(e) => setBookingId(e.target.value)}
          sx={{ flex: "1 1 220px" }}
          disabled={!guests.data?.length}
          helperText={guests.data?.length === 0 ? t`No guests are checked in` : undefined}
        >
          {(guests.data ?? []).map((g) => (
            <MenuItem key={g.bookingId} value={g.bookingId}>
              {t`Room ${g.roomName}`} · {g.guestName}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<HotelIcon />}
          onClick={() => void submit()}
          disabled={!bookingId || isLoading}
        >
          {isLoading ? t`Charging…` : t`Charge to room`}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="charge-to-room-error">
          {error}
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary">
        <Trans>The guest pays it with the room bill at check-out.</Trans>
      </Typography>
    </Box>
  );
}
