import { t } from "@lingui/core/macro";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Channel, Ticket } from "@app/shared/pos/cart";
import type { CatalogItem } from "@app/shared/pos/catalog";
import { useAppDispatch } from "../../app/hooks.ts";
import { productAdded, productRemoved, quantitySet } from "./pos-slice.ts";

/**
 * The ticket's lines as the cashier works them (`minimumOf`: the fewest units a new line takes): add, change a quantity, remove, and the selected
 * line (the last one added unless another was picked) that the keys act on.
 */
export function useTicketLines(channel: Channel, ticket: Ticket, minimumOf: (productId: string) => number = () => 1) {
  const dispatch = useAppDispatch();
  const [selected, setSelected] = useState<string | null>(null);
  const add = (item: CatalogItem, quantity: number) => {
    // A new line starts at its minimum (the wholesale catalogue's), which the server requires.
    const first = !ticket.products.some((l) => l.productId === item._id);
    dispatch(
      productAdded({ channel, product: item, quantity: first ? Math.max(quantity, minimumOf(item._id)) : quantity }),
    );
    setSelected(item._id);
    if (item.quantity <= 0) toast.warn(t`${item.name} shows no stock; the sale will be refused unless stock is added`);
  };
  const setQuantity = (productId: string, quantity: number) => dispatch(quantitySet({ channel, productId, quantity }));
  const remove = (productId: string) => {
    dispatch(productRemoved({ channel, productId }));
    setSelected(null);
  };
  const selectedLine =
    ticket.products.find((l) => l.productId === selected) ?? ticket.products[ticket.products.length - 1];
  const move = (by: number) => {
    const i = ticket.products.findIndex((l) => l.productId === selectedLine?.productId);
    const next = ticket.products[Math.min(Math.max(i + by, 0), ticket.products.length - 1)];
    if (next) setSelected(next.productId);
  };
  return { selectedLine, setSelected, add, setQuantity, remove, move };
}
