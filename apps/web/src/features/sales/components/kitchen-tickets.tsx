import { Trans } from "@lingui/react/macro";
import { msg, t } from "@lingui/core/macro";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { Box, Button, Chip, Stack, Typography } from "@mui/material";
import { toast } from "react-toastify";
import { COLUMNS_BY_WIDTH } from "@app/shared/printing/printer";
import { kitchenTicketLines } from "@app/shared/printing/receipt";
import type { CaptainOrderPrint } from "@app/shared/restaurant/kitchen";
import { describeError } from "../../../api/errors.ts";
import { formatDateTime } from "../../../lib/date-format.ts";
import { printInBrowser } from "../../../lib/print-document.ts";
import { useListCaptainOrdersQuery, useReprintCaptainOrderMutation } from "../../restaurant/kitchen-api.ts";
import { documentLanguageOf } from "@app/shared/printing/receipt-text";

/** What a ticket told the kitchen, in a line: "2 × Chips, Soda 1 → 3, Tea cancelled". */
export const changesText = (print: Pick<CaptainOrderPrint, "changes">) =>
  print.changes
    .map((c) =>
      c.change === "new"
        ? `${c.quantity} × ${c.name}`
        : c.change === "changed"
          ? `${c.name} ${c.previousQuantity} → ${c.quantity}`
          : `${c.name} cancelled`,
    )
    .join(", ");

const STATUS: Record<
  CaptainOrderPrint["printStatus"],
  { label: MessageDescriptor; color: "success" | "error" | "default" }
> = {
  sent: { label: msg`Sent`, color: "success" },
  failed: { label: msg`Failed`, color: "error" },
  queued: { label: msg`Queued`, color: "default" },
  browser: { label: msg`Printed here`, color: "default" },
};

type Props = { businessId: string; saleId: string; timeZone: string; paper: 58 | 80 };

/** "Kitchen tickets": the captain order prints of a sale, each with Reprint. Nothing when it has none. */
export function KitchenTickets({ businessId, saleId, timeZone, paper }: Props) {
  const { data: prints = [], isError } = useListCaptainOrdersQuery({ businessId, saleId });
  const [reprint, { isLoading: reprinting }] = useReprintCaptainOrderMutation();
  if (!isError && prints.length === 0) return null;

  async function again(print: CaptainOrderPrint) {
    try {
      const done = await reprint(print._id).unwrap();
      if (done.printStatus === "sent") return void toast.success(t`Kitchen order #${done.printNumber} sent again`);
      if (done.printStatus === "failed")
        toast.error(t`${done.printerError ?? "The kitchen printer did not take it"}. Printing here instead.`);
      printInBrowser(
        kitchenTicketLines(done, timeZone, COLUMNS_BY_WIDTH[paper], documentLanguageOf(i18n.locale)),
        paper,
      );
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }

  return (
    <Box sx={{ mt: 2 }} data-testid="kitchen-tickets">
      <Typography variant="subtitle2" gutterBottom>
        <Trans>Kitchen tickets</Trans>
      </Typography>
      {isError && (
        <Typography variant="body2" color="error">
          <Trans>The kitchen tickets could not be loaded.</Trans>
        </Typography>
      )}
      {prints.map((p) => (
        <Stack
          key={p._id}
          direction="row"
          spacing={1}
          sx={{ alignItems: "center", py: 0.5 }}
          data-testid="kitchen-ticket"
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              #{p.printNumber} · {formatDateTime(p.createdAt, timeZone)} · {p.printedBy}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {changesText(p)}
            </Typography>
          </Box>
          <Chip
            size="small"
            variant="outlined"
            label={i18n._(STATUS[p.printStatus].label)}
            color={STATUS[p.printStatus].color}
          />
          <Button size="small" variant="outlined" disabled={reprinting} onClick={() => void again(p)}>
            <Trans>Reprint</Trans>
          </Button>
        </Stack>
      ))}
    </Box>
  );
}
