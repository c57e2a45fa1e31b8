import { Trans } from "@lingui/react/macro";
import { Box, Button, Paper, Typography } from "@mui/material";
import { formatKES } from "@app/shared/money/money";

type Props = {
  total: number;
  empty: boolean;
  /** A phone: the bar is fixed at the bottom of the screen. */
  phone: boolean;
  /** A keyboard: the buttons name their shortcuts. */
  keyboard: boolean;
  /** A restaurant's till also sends the ticket to the kitchen. */
  kitchen: { sending: boolean; send: () => void } | undefined;
  onClear: () => void;
  onPay: () => void;
};

/** The ticket's total with Clear, Send to kitchen and Pay (F9). */
export function PayBar({ total, empty, phone, keyboard, kitchen, onClear, onPay }: Props) {
  return (
    <Paper
      elevation={phone ? 8 : 0}
      square={phone}
      data-testid="pay-bar"
      sx={
        phone
          ? {
              position: "fixed",
              left: 0,
              right: 0,
              bottom: 0,
              zIndex: (theme) => theme.zIndex.appBar - 1,
              px: 1.5,
              py: 1,
              pb: "calc(8px + env(safe-area-inset-bottom))",
            }
          : { mt: 1 }
      }
    >
      <Box
        sx={{
          display: "flex",
          justifyContent: "space-between",
          alignItems: "baseline",
          borderTop: phone ? 0 : 2,
          borderColor: "divider",
          pt: phone ? 0 : 1.5,
        }}
      >
        <Typography variant="h6">
          <Trans>Total</Trans>
        </Typography>
        <Typography variant={phone ? "h5" : "h4"} sx={{ fontWeight: 700 }} data-testid="ticket-total">
          {formatKES(total)}
        </Typography>
      </Box>
      <Box sx={{ display: "flex", gap: 1, mt: phone ? 0.5 : 1.5 }}>
        <Button color="inherit" onClick={onClear} disabled={empty} sx={{ minHeight: 44 }}>
          <Trans>Clear</Trans>
        </Button>
        {kitchen && (
          <Button variant="outlined" onClick={kitchen.send} disabled={kitchen.sending} sx={{ minHeight: 44 }}>
            {keyboard ? <Trans>Send to kitchen (F8)</Trans> : <Trans>Send to kitchen</Trans>}
          </Button>
        )}
        <Button
          variant="contained"
          size="large"
          // One line on a phone too ("PAY KES 65.00" wrapped at 390 px): the other buttons give way.
          sx={{ flex: 1, minHeight: 44, whiteSpace: "nowrap", flexShrink: 0 }}
          onClick={onPay}
          disabled={empty}
        >
          {keyboard ? <Trans>Pay {formatKES(total)} (F9)</Trans> : <Trans>Pay {formatKES(total)}</Trans>}
        </Button>
      </Box>
    </Paper>
  );
}
