import { Trans } from "@lingui/react/macro";
import { Box, Typography } from "@mui/material";
import type { Customer } from "@app/shared/customers/customer";
import type { CatalogItem } from "@app/shared/pos/catalog";
import type { Channel, Ticket } from "@app/shared/pos/cart";
import { useAppDispatch } from "../../../app/hooks.ts";
import type { Section } from "@app/shared/restaurant/section";
import { sectionChosen, tableChosen, ticketCustomerChosen } from "../pos-slice.ts";
import { customerPart, tablesPart } from "../till-parts.ts";
import { OptionalPart } from "./optional-part.tsx";

type Props = {
  channel: Channel;
  ticket: Ticket;
  sections: Section[];
  businessId: string | undefined;
  customer: Customer | null;
  itemOf: (productId: string) => CatalogItem | undefined;
  onAdd: (item: CatalogItem, quantity: number) => void;
};

/** The ticket's title, who it is for (a known customer, and their usual items) and, in a restaurant, the section and table. */
export function TicketHeader({ channel, ticket, sections, businessId, customer, itemOf, onAdd }: Props) {
  const dispatch = useAppDispatch();
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
      <Typography variant="h6" sx={{ flex: 1 }}>
        <Trans>Ticket</Trans>
      </Typography>
      {sections.length > 0 && (
        <OptionalPart part={tablesPart}>
          {(m) => (
            <m.TablePicker
              sections={sections}
              section={ticket.section}
              table={ticket.table}
              onSection={(section) => dispatch(sectionChosen({ channel, section }))}
              onTable={(table) => dispatch(tableChosen({ channel, table }))}
            />
          )}
        </OptionalPart>
      )}
      <OptionalPart part={customerPart}>
        {(m) => (
          <m.TicketCustomer
            businessId={businessId}
            customer={customer}
            onChange={(c) => dispatch(ticketCustomerChosen({ channel, customer: c }))}
            itemOf={itemOf}
            onAdd={onAdd}
          />
        )}
      </OptionalPart>
    </Box>
  );
}
