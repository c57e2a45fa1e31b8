import { Trans } from "@lingui/react/macro";
import { Box, Typography } from "@mui/material";
import type { Channel, Ticket } from "@app/shared/pos/cart";
import { useAppDispatch } from "../../../app/hooks.ts";
import type { Section } from "@app/shared/restaurant/section";
import { sectionChosen, tableChosen } from "../pos-slice.ts";
import { tablesPart } from "../till-parts.ts";
import { OptionalPart } from "./optional-part.tsx";

/** The ticket's title and, in a restaurant, the section and table it is for. */
export function TicketHeader({ channel, ticket, sections }: { channel: Channel; ticket: Ticket; sections: Section[] }) {
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
    </Box>
  );
}
