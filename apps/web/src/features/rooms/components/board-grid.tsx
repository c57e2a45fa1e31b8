import { t } from "@lingui/core/macro";
import { Box, Typography, useTheme } from "@mui/material";
import { alpha } from "@mui/material/styles";
import { Link } from "react-router";
import type { Board, BoardBooking } from "@app/shared/rooms/booking";
import { addDays, daysBetween, weekdayOf } from "@app/shared/rooms/days";
import { pathTo } from "../../../lib/paths.ts";
import { formatDay, formatDayShort } from "./days.ts";
import { bookingStatusLabel, roomStatusLabel, ROOM_STATUS_COLORS } from "./labels.ts";

const LABEL_WIDTH = 112;

/**
 * The front desk board: one row per room, one column per day, each stay a bar over its nights
 * (it opens the booking). A click on a free day starts a booking of that room for that day.
 * Rows are drawn as one background each and bars as grid items, so 200 rooms by 30 days is a
 * few hundred elements, not six thousand cells. It scrolls inside its card.
 */
export function BoardGrid({ board, onBook }: { board: Board; onBook: (roomId: string, day: string) => void }) {
  const theme = useTheme();
  const days = Array.from({ length: board.days }, (_, i) => addDays(board.from, i));
  const todayAt = daysBetween(board.from, board.today);
  const byRoom = new Map<string, BoardBooking[]>();
  for (const b of board.bookings) byRoom.set(b.roomId, [...(byRoom.get(b.roomId) ?? []), b]);
  const barColor = (b: BoardBooking) =>
    b.status === "checkedIn"
      ? theme.palette.success.main
      : b.status === "checkedOut"
        ? theme.palette.grey[500]
        : theme.palette.info.main;
  const line = theme.palette.divider;

  return (
    <Box
      sx={{ overflow: "auto", maxHeight: "70vh", border: 1, borderColor: "divider", borderRadius: 1 }}
      data-testid="front-desk-board"
    >
      <Box
        role="grid"
        aria-label={t`Rooms by day`}
        sx={{
          display: "grid",
          gridTemplateColumns: `${LABEL_WIDTH}px repeat(${board.days}, minmax(44px, 1fr))`,
          gridAutoRows: "44px",
          minWidth: LABEL_WIDTH + board.days * 44,
          position: "relative",
        }}
      >
        <Box
          sx={{
            position: "sticky",
            top: 0,
            left: 0,
            zIndex: 4,
            bgcolor: "background.paper",
            borderBottom: 1,
            borderColor: "divider",
          }}
        />
        {days.map((d, i) => (
          <Box
            key={d}
            role="columnheader"
            aria-label={formatDay(d)}
            sx={{
              gridRow: 1,
              gridColumn: i + 2,
              position: "sticky",
              top: 0,
              zIndex: 3,
              bgcolor: i === todayAt ? alpha(theme.palette.primary.main, 0.12) : "background.paper",
              borderBottom: 1,
              borderColor: "divider",
              display: "grid",
              placeItems: "center",
              fontSize: 12,
              fontWeight: i === todayAt ? 700 : 400,
              color: [0, 6].includes(weekdayOf(d)) ? "text.secondary" : "text.primary",
            }}
          >
            {formatDayShort(d)}
          </Box>
        ))}
        {todayAt >= 0 && todayAt < board.days && board.rooms.length > 0 && (
          <Box
            aria-hidden
            sx={{
              gridColumn: todayAt + 2,
              gridRow: `2 / ${board.rooms.length + 2}`,
              bgcolor: alpha(theme.palette.primary.main, 0.06),
            }}
          />
        )}
        {board.rooms.map((room, r) => (
          <Box key={room._id} role="row" sx={{ display: "contents" }}>
            <Box
              role="rowheader"
              component={Link}
              to={pathTo("/booking/:roomId", { roomId: room._id })}
              sx={{
                gridRow: r + 2,
                gridColumn: 1,
                position: "sticky",
                left: 0,
                zIndex: 2,
                bgcolor: "background.paper",
                borderBottom: 1,
                borderRight: 1,
                borderColor: "divider",
                px: 1,
                display: "flex",
                flexDirection: "column",
                justifyContent: "center",
                textDecoration: "none",
                color: "text.primary",
                borderLeft: 4,
                borderLeftColor: `${ROOM_STATUS_COLORS[room.status] === "default" ? "grey" : ROOM_STATUS_COLORS[room.status]}.main`,
              }}
              aria-label={t`Room ${room.name}, ${room.roomType}, ${roomStatusLabel(room.status)}`}
            >
              <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }} noWrap>
                {room.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap>
                {roomStatusLabel(room.status)}
              </Typography>
            </Box>
            <Box
              onClick={(e) => {
                const box = e.currentTarget.getBoundingClientRect();
                const i = Math.floor(((e.clientX - box.left) / box.width) * board.days);
                if (i >= 0 && i < board.days && room.status !== "outOfOrder") onBook(room._id, days[i]!);
              }}
              title={t`Click a free day to book room ${room.name}`}
              sx={{
                gridRow: r + 2,
                gridColumn: `2 / ${board.days + 2}`,
                borderBottom: 1,
                borderColor: "divider",
                cursor: room.status === "outOfOrder" ? "not-allowed" : "copy",
                backgroundImage: `repeating-linear-gradient(to right, transparent 0, transparent calc(100% / ${board.days} - 1px), ${line} calc(100% / ${board.days} - 1px), ${line} calc(100% / ${board.days}))`,
                bgcolor: room.status === "outOfOrder" ? alpha(theme.palette.error.main, 0.06) : undefined,
              }}
            />
            {(byRoom.get(room._id) ?? []).map((b) => {
              const start = Math.max(0, daysBetween(board.from, b.checkIn));
              const end = Math.min(board.days, daysBetween(board.from, b.checkOut));
              if (end <= start) return null;
              return (
                <Box
                  key={b._id}
                  component={Link}
                  to={pathTo("/booking/singlebooking/:bookingId", { bookingId: b._id })}
                  aria-label={t`${b.guestName}, room ${room.name}, ${formatDay(b.checkIn)} to ${formatDay(b.checkOut)}, ${bookingStatusLabel(b.status)}`}
                  data-testid="board-booking"
                  sx={{
                    gridRow: r + 2,
                    gridColumn: `${start + 2} / ${end + 2}`,
                    zIndex: 1,
                    m: "6px 2px",
                    px: 1,
                    borderRadius: 1,
                    bgcolor: barColor(b),
                    color: "common.white",
                    fontSize: 13,
                    display: "flex",
                    alignItems: "center",
                    overflow: "hidden",
                    whiteSpace: "nowrap",
                    textOverflow: "ellipsis",
                    textDecoration: "none",
                    "&:hover, &:focus-visible": { filter: "brightness(0.9)", outline: "none", boxShadow: 3 },
                  }}
                >
                  {b.guestName}
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
