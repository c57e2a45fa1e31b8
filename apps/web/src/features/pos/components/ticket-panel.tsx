import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import RemoveIcon from "@mui/icons-material/Remove";
import { Box, IconButton, List, ListItem, TextField, Typography } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import type { Ticket } from "@app/shared/pos/cart";

type Props = {
  ticket: Ticket;
  selected: string | null;
  stockOf: (productId: string) => number | undefined;
  onSelect: (productId: string) => void;
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
};

/** The ticket's lines: quantity steppers, line totals, and a warning where stock runs short. */
export function TicketPanel({ ticket, selected, stockOf, onSelect, onQuantity, onRemove }: Props) {
  if (!ticket.products.length) {
    return (
      <Box sx={{ flex: 1, display: "grid", placeItems: "center", color: "text.secondary", textAlign: "center", p: 3 }}>
        <Typography>
          <Trans>The ticket is empty. Scan a barcode or search for a product.</Trans>
        </Typography>
      </Box>
    );
  }
  return (
    <List dense data-testid="ticket-lines" sx={{ flex: 1, overflowY: "auto" }}>
      {ticket.products.map((line) => {
        const stock = stockOf(line.productId);
        const short = stock !== undefined && line.quantity > stock;
        return (
          <ListItem
            key={line.productId}
            data-testid="ticket-line"
            aria-selected={line.productId === selected}
            onClick={() => onSelect(line.productId)}
            sx={{
              gap: 1,
              borderBottom: 1,
              borderColor: "divider",
              bgcolor: line.productId === selected ? "action.selected" : undefined,
              cursor: "pointer",
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography noWrap sx={{ fontWeight: 500 }}>
                {line.name}
              </Typography>
              <Typography variant="caption" color={short ? "error" : "text.secondary"}>
                {formatKES(line.unitPrice)} <Trans>each</Trans>
                {short ? t` · only ${stock} in stock` : ""}
              </Typography>
            </Box>
            <IconButton
              size="small"
              aria-label={t`One less ${line.name}`}
              onClick={() => onQuantity(line.productId, line.quantity - 1)}
            >
              <RemoveIcon fontSize="small" />
            </IconButton>
            <TextField
              size="small"
              value={line.quantity}
              onChange={(e) => {
                const q = Number(e.target.value.replace(/\D/g, ""));
                if (q > 0) onQuantity(line.productId, q);
              }}
              slotProps={{
                htmlInput: {
                  "aria-label": `Quantity of ${line.name}`,
                  inputMode: "numeric",
                  style: { width: 44, textAlign: "center" },
                },
              }}
            />
            <IconButton
              size="small"
              aria-label={t`One more ${line.name}`}
              onClick={() => onQuantity(line.productId, line.quantity + 1)}
            >
              <AddIcon fontSize="small" />
            </IconButton>
            <Typography sx={{ width: 110, textAlign: "right", fontWeight: 600 }} data-testid="line-total">
              {formatKES(line.totalPrice)}
            </Typography>
            <IconButton size="small" aria-label={t`Remove ${line.name}`} onClick={() => onRemove(line.productId)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </ListItem>
        );
      })}
    </List>
  );
}
