import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import InsightsIcon from "@mui/icons-material/InsightsOutlined";
import { Badge, Box, Button, Paper, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { BookingDialog } from "../components/booking-dialog.tsx";
import { BookingsTab } from "../components/bookings-tab.tsx";
import { ConferencesTab } from "../components/conferences-tab.tsx";
import { FrontDeskTab } from "../components/front-desk-tab.tsx";
import { OnlineTab } from "../components/online-tab.tsx";
import { RoomsTab } from "../components/rooms-tab.tsx";
import { useHotel } from "../components/use-hotel.ts";
import { useListOnlineRequestsQuery } from "../rooms-api.ts";

const TABS = ["desk", "rooms", "bookings", "conferences", "online"] as const;
type TabName = (typeof TABS)[number];

/**
 * /booking, the hotel's front desk (spec section 2): the board of rooms by day with today's
 * arrivals and departures, and tabs for the rooms and their rates, bookings, conferences and the
 * guests' online requests. The tab is in the address (?tab=rooms), so it can be linked and reloaded.
 */
export default function FrontDeskPage() {
  const { businessId } = useHotel();
  const [params, setParams] = useSearchParams();
  const tab: TabName = TABS.includes(params.get("tab") as TabName) ? (params.get("tab") as TabName) : "desk";
  const [booking, setBooking] = useState<{ roomId?: string; checkIn?: string } | null>(null);
  const requests = useListOnlineRequestsQuery(businessId, { skip: !businessId });
  const waiting = requests.data?.filter((r) => r.status === "pending").length ?? 0;
  const labels: Record<TabName, string> = {
    desk: t`Front desk`,
    rooms: t`Rooms`,
    bookings: t`Bookings`,
    conferences: t`Conferences`,
    online: t`Online bookings`,
  };

  return (
    <>
      <PageHeader
        title={t`Rooms`}
        subtitle={t`Front desk, bookings, conferences and online requests`}
        actions={
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button component={Link} to={pathTo("/booking/analysis")} startIcon={<InsightsIcon />}>
              <Trans>Analysis</Trans>
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setBooking({})}>
              <Trans>New booking</Trans>
            </Button>
          </Box>
        }
      />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, v: TabName) => setParams(v === "desk" ? {} : { tab: v }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t`Hotel sections`}
          sx={{ borderBottom: 1, borderColor: "divider", px: 1 }}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              id={`rooms-tab-${name}`}
              aria-controls={`rooms-panel-${name}`}
              label={
                name === "online" && waiting > 0 ? (
                  <Badge color="warning" badgeContent={waiting} sx={{ pr: 1.5 }}>
                    {labels[name]}
                  </Badge>
                ) : (
                  labels[name]
                )
              }
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`rooms-panel-${tab}`}
          aria-labelledby={`rooms-tab-${tab}`}
          sx={{ p: { xs: 1.5, sm: 2 } }}
        >
          {tab === "desk" && <FrontDeskTab onBook={(roomId, checkIn) => setBooking({ roomId, checkIn })} />}
          {tab === "rooms" && <RoomsTab />}
          {tab === "bookings" && <BookingsTab />}
          {tab === "conferences" && <ConferencesTab />}
          {tab === "online" && <OnlineTab />}
        </Box>
      </Paper>
      {booking && <BookingDialog {...booking} onClose={() => setBooking(null)} />}
    </>
  );
}
