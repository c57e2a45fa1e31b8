import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  IconButton,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Skeleton,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { BoardBooking } from "@app/shared/rooms/booking";
import { addDays } from "@app/shared/rooms/days";
import { ROOM_STATUSES } from "@app/shared/rooms/room";
import { roomStatusCounts } from "@app/shared/rooms/booking";
import { describeError } from "../../../api/errors.ts";
import { pathTo } from "../../../lib/paths.ts";
import { useBoardQuery } from "../rooms-api.ts";
import { BoardGrid } from "./board-grid.tsx";
import { formatDay } from "./days.ts";
import { ROOM_STATUS_COLORS, roomStatusLabel } from "./labels.ts";
import { useHotel } from "./use-hotel.ts";

const SPANS = [7, 14, 30] as const;

function GuestList({
  title,
  empty,
  list,
  testId,
}: {
  title: string;
  empty: string;
  list: BoardBooking[];
  testId: string;
}) {
  return (
    <Card variant="outlined" sx={{ flex: "1 1 280px" }} data-testid={testId}>
      <CardHeader title={title} slotProps={{ title: { variant: "subtitle1", fontWeight: 600 } }} sx={{ pb: 0 }} />
      <CardContent sx={{ pt: 1 }}>
        {list.length === 0 ? (
          <Typography color="text.secondary" variant="body2">
            {empty}
          </Typography>
        ) : (
          <List dense disablePadding>
            {list.map((b) => (
              <ListItemButton
                key={b._id}
                component={Link}
                to={pathTo("/booking/singlebooking/:bookingId", { bookingId: b._id })}
                sx={{ px: 1 }}
              >
                <ListItemText
                  primary={`${b.guestName} · ${t`Room ${b.roomName}`}`}
                  secondary={`${formatDay(b.checkIn)} – ${formatDay(b.checkOut)}${b.balance > 0 ? ` · ${t`Balance`} ${formatKES(b.balance)}` : ""}`}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** The front desk: today's arrivals and departures, rooms by status, and the board of rooms by day. */
export function FrontDeskTab({ onBook }: { onBook: (roomId: string, day: string) => void }) {
  const { businessId, today } = useHotel();
  const [from, setFrom] = useState(today);
  const [span, setSpan] = useState<number>(14);
  const { data, isFetching, isError, error, refetch } = useBoardQuery(
    { businessId, from, days: span },
    { skip: !businessId },
  );
  const byStatus = data ? roomStatusCounts(data) : null;
  const counts = ROOM_STATUSES.map((s) => [s, byStatus?.[s] ?? 0] as const);

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The front desk could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        {data ? (
          <>
            <GuestList
              title={t`Arriving today`}
              empty={t`No arrivals due today.`}
              list={data.arrivals}
              testId="arrivals"
            />
            <GuestList
              title={t`Leaving today`}
              empty={t`No departures due today.`}
              list={data.departures}
              testId="departures"
            />
          </>
        ) : (
          !isError && <Skeleton variant="rounded" height={120} sx={{ flex: 1 }} />
        )}
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }} aria-label={t`Rooms by status`} role="group">
        {counts.map(([s, n]) => (
          <Chip
            key={s}
            color={ROOM_STATUS_COLORS[s]}
            variant={n ? "filled" : "outlined"}
            label={`${roomStatusLabel(s)}: ${n}`}
          />
        ))}
      </Box>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <IconButton aria-label={t`Earlier days`} onClick={() => setFrom(addDays(from, -span))}>
          <ChevronLeftIcon />
        </IconButton>
        <Button size="small" variant={from === today ? "contained" : "outlined"} onClick={() => setFrom(today)}>
          <Trans>Today</Trans>
        </Button>
        <IconButton aria-label={t`Later days`} onClick={() => setFrom(addDays(from, span))}>
          <ChevronRightIcon />
        </IconButton>
        <Typography sx={{ mx: 1 }} data-testid="board-period">
          {formatDay(from)} – {formatDay(addDays(from, span - 1))}
        </Typography>
        <TextField
          select
          size="small"
          label={t`Days shown`}
          value={span}
          onChange={(e) => setSpan(Number(e.target.value))}
          sx={{ width: 130, ml: "auto" }}
        >
          {SPANS.map((d) => (
            <MenuItem key={d} value={d}>
              <Trans>{d} days</Trans>
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {isFetching && <LinearProgress aria-label={t`Loading the board`} />}
      {data && data.rooms.length === 0 ? (
        <Alert severity="info">
          <Trans>No rooms yet. Add room types and rooms in the Rooms tab, then book them here.</Trans>
        </Alert>
      ) : data ? (
        <BoardGrid board={data} onBook={onBook} />
      ) : (
        !isError && <Skeleton variant="rounded" height={320} />
      )}
    </Box>
  );
}
