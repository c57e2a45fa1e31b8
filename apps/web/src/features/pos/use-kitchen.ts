import { toast } from "react-toastify";
import type { Ticket } from "@app/shared/pos/cart";
import { describeError } from "../../api/errors.ts";
import { useSendToKitchenMutation } from "./pos-api.ts";
import { i18n } from "@lingui/core";
import { documentLanguageOf } from "@app/shared/printing/receipt-text";

/** Captain order prints: the server works out what changed since the ticket's last print. */
export function useKitchen(businessId: string | undefined, ticket: Ticket, timeZone: string) {
  const [send, { isLoading }] = useSendToKitchenMutation();
  async function sendToKitchen() {
    if (!businessId) return;
    try {
      const { print } = await send({
        businessId,
        ticketId: ticket.ticketId,
        products: ticket.products.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        note: "",
        ...(ticket.section ? { sectionId: ticket.section } : {}),
        ...(ticket.table ? { tableId: ticket.table } : {}),
      }).unwrap();
      if (!print) return void toast.info("Nothing new for the kitchen");
      const count = `${print.changes.length} change${print.changes.length === 1 ? "" : "s"}`;
      if (print.printStatus === "sent")
        return void toast.success(`Kitchen order #${print.printNumber} sent (${count})`);
      if (print.printStatus === "failed")
        toast.error(`${print.printerError ?? "The kitchen printer did not take it"}. Printing here instead.`);
      else toast.success(`Kitchen order #${print.printNumber}: ${count}`);
      // The print code loads when a kitchen order prints here: not with the till (restaurants only).
      const [{ kitchenTicketLines }, { printInBrowser }] = await Promise.all([
        import("@app/shared/printing/receipt"),
        import("../../lib/print-document.ts"),
      ]);
      printInBrowser(kitchenTicketLines(print, timeZone, 48, documentLanguageOf(i18n.locale)));
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  return { sendToKitchen, sending: isLoading };
}
