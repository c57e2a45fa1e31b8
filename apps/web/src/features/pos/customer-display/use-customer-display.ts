import { useEffect, useRef } from "react";
import {
  displayChannelName,
  isDisplayMessage,
  paidForDisplay,
  ticketForDisplay,
  type DisplayMessage,
} from "@app/shared/pos/customer-display";
import type { Ticket } from "@app/shared/pos/cart";
import type { Sale } from "@app/shared/sales/sale";

/**
 * The till's side of the customer display (customer-display-page.tsx): tells any display open in
 * this browser what the ticket holds as it changes, then what the customer paid and their change
 * while the receipt is open; a display that opens later asks, and is told at once.
 */
export function useCustomerDisplay(
  businessId: string | undefined,
  businessName: string,
  ticket: Ticket,
  sold: Sale | null,
): void {
  const channel = useRef<BroadcastChannel | null>(null);
  const last = useRef<DisplayMessage | null>(null);

  useEffect(() => {
    if (!businessId || typeof BroadcastChannel === "undefined") return;
    const ch = new BroadcastChannel(displayChannelName(businessId));
    channel.current = ch;
    ch.onmessage = (e: MessageEvent<unknown>) => {
      if (isDisplayMessage(e.data) && e.data.kind === "hello" && last.current) ch.postMessage(last.current);
    };
    if (last.current) ch.postMessage(last.current);
    return () => {
      ch.close();
      channel.current = null;
    };
  }, [businessId]);

  useEffect(() => {
    const message = sold ? paidForDisplay(sold, businessName) : ticketForDisplay(ticket, businessName);
    last.current = message;
    channel.current?.postMessage(message);
  }, [ticket, sold, businessName]);
}

/** Opens the customer display in a window of its own (drag it to the second screen), or brings it forward. */
export function openCustomerDisplay(path: string): void {
  window.open(path, "duka-customer-display", "popup,width=900,height=640")?.focus();
}
