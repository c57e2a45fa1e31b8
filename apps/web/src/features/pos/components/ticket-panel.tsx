import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import RemoveIcon from "@mui/icons-material/Remove";
import { Box, FormControl, IconButton, List, ListItem, OutlinedInput, Typography } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import type { Ticket } from "@app/shared/pos/cart";

type Props = {
  ticket: Ticket;
  selected: string | null;
  stockOf: (productId: string) => number | undefined;
  onSelect: (productId: string) => void;
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
  /** A phone or tablet: 44 px steppers and remove button, the line total under the name. */
  touch?: boolean;
};

/** The ticket's lines: quantity steppers, line totals, and a warning where stock runs short. */
export function TicketPanel({ ticket, selected, stockOf, onSelect, onQuantity, onRemove, touch = false }: Props) {
  // A thumb needs 44 px (WCAG 2.5.5); a mouse keeps the dense row.
  const button = touch ? { width: 44, height: 44 } : undefined;
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
    <List dense data-testid="ticket-lines" sx={{ flex: 1, overflowY: "auto", minHeight: touch ? "auto" : 0 }}>
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
              gap: touch ? 0.5 : 1,
              flexWrap: touch ? "wrap" : "nowrap",
              px: touch ? 0.5 : 2,
              borderBottom: 1,
              borderColor: "divider",
              bgcolor: line.productId === selected ? "action.selected" : undefined,
              cursor: "pointer",
            }}
          >
            {touch ? (
              // Two rows for a thumb: name and line total, then the price and the 44 px buttons.
              <Box sx={{ flexBasis: "100%", display: "flex", gap: 1, minWidth: 0 }}>
                <Typography noWrap sx={{ fontWeight: 500, flex: 1, minWidth: 0 }}>
                  {line.name}
                </Typography>
                <Typography sx={{ fontWeight: 600, flexShrink: 0 }} data-testid="line-total">
                  {formatKES(line.totalPrice)}
                </Typography>
              </Box>
            ) : null}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              {!touch && (
                <Typography noWrap sx={{ fontWeight: 500 }}>
                  {line.name}
                </Typography>
              )}
              <Typography variant="caption" color={short ? "error" : "text.secondary"}>
                {formatKES(line.unitPrice)} <Trans>each</Trans>
                {line.adjustment && line.totalPrice !== line.unitPrice * line.quantity
                  ? t` · was ${formatKES(line.unitPrice * line.quantity)}${line.reason ? ` (${line.reason})` : ""}`
                  : ""}
                {short ? t` · only ${stock} in stock` : ""}
              </Typography>
              {line.promotion && !line.adjustment ? (
                // The owner's promotion (issue 31 item 2): its name and what it saves on this line.
                <Typography
                  variant="caption"
                  color="success.main"
                  sx={{ display: "block" }}
                  data-testid="line-promotion"
                >
                  {t`${line.promotion.name} · save ${formatKES(line.unitPrice * line.quantity - line.promotion.total)}`}
                </Typography>
              ) : null}
            </Box>
            <IconButton
              size="small"
              sx={button}
              aria-label={t`One less ${line.name}`}
              onClick={() => onQuantity(line.productId, line.quantity - 1)}
            >
              <RemoveIcon fontSize="small" />
            </IconButton>
            {/* TextField's markup without TextField (Select, Menu, Popover: 13 KB gzip of the till's first load). */}
            <FormControl size="small">
              <OutlinedInput
                size="small"
                value={line.quantity}
                onChange={(e) => {
                  const q = Number(e.target.value.replace(/\D/g, ""));
                  if (q > 0) onQuantity(line.productId, q);
                }}
                inputProps={{
                  "aria-label": `Quantity of ${line.name}`,
                  inputMode: "numeric",
                  style: { width: 44, textAlign: "center", minHeight: touch ? 27 : undefined },
                }}
              />
            </FormControl>
            <IconButton
              size="small"
              sx={button}
              aria-label={t`One more ${line.name}`}
              onClick={() => onQuantity(line.productId, line.quantity + 1)}
            >
              <AddIcon fontSize="small" />
            </IconButton>
            {!touch && (
              <Typography sx={{ width: 110, textAlign: "right", fontWeight: 600 }} data-testid="line-total">
                {formatKES(line.totalPrice)}
              </Typography>
            )}
            <IconButton
              size="small"
              sx={button}
              aria-label={t`Remove ${line.name}`}
              onClick={() => onRemove(line.productId)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </ListItem>
        );
      })}
    </List>
  );
}
