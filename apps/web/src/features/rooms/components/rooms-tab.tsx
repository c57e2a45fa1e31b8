import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import BedIcon from "@mui/icons-material/HotelOutlined";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { RoomType } from "@app/shared/rooms/room";
import { describeError } from "../../../api/errors.ts";
import { pathTo } from "../../../lib/paths.ts";
import { useListRoomsQuery, useListRoomTypesQuery } from "../rooms-api.ts";
import { RoomDialog } from "./room-dialog.tsx";
import { RoomTypeDialog } from "./room-type-dialog.tsx";
import { RoomStatusChip } from "./status-chips.tsx";
import { useHotel } from "./use-hotel.ts";

/** Room types with their prices, and the rooms (with their first image), each opening its page. */
export function RoomsTab() {
  const { businessId } = useHotel();
  const types = useListRoomTypesQuery(businessId, { skip: !businessId });
  const rooms = useListRoomsQuery(businessId, { skip: !businessId });
  const [editingType, setEditingType] = useState<RoomType | "new" | null>(null);
  const [addingRoom, setAddingRoom] = useState(false);

  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <Box>
        <Box sx={{ display: "flex", alignItems: "center", mb: 1, gap: 1, flexWrap: "wrap" }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            <Trans>Room types and rates</Trans>
          </Typography>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditingType("new")}>
            <Trans>Add room type</Trans>
          </Button>
        </Box>
        {types.isError && <Alert severity="error">{describeError(types.error).message}</Alert>}
        {types.isLoading && <Skeleton variant="rounded" height={80} />}
        {types.data?.length === 0 && (
          <Alert severity="info">
            <Trans>No room types yet. Add one (for example Single, Double, Suite) with its rate per night.</Trans>
          </Alert>
        )}
        {Boolean(types.data?.length) && (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t`Room types`}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Trans>Type</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Rate per night</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Weekend</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Seasons</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Rooms</Trans>
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {types.data!.map((x) => (
                  <TableRow key={x._id}>
                    <TableCell>
                      {x.name}
                      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                        <Trans>Sleeps {x.capacity}</Trans>
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{formatKES(x.rate)}</TableCell>
                    <TableCell align="right">{x.weekendRate ? formatKES(x.weekendRate) : "—"}</TableCell>
                    <TableCell align="right">{x.seasons.length}</TableCell>
                    <TableCell align="right">{x.rooms}</TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => setEditingType(x)} aria-label={t`Edit ${x.name}`}>
                        <Trans>Edit</Trans>
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
      <Box>
        <Box sx={{ display: "flex", alignItems: "center", mb: 1, gap: 1, flexWrap: "wrap" }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            <Trans>Rooms</Trans>
          </Typography>
          <Button
            startIcon={<AddIcon />}
            variant="contained"
            onClick={() => setAddingRoom(true)}
            disabled={!types.data?.length}
          >
            <Trans>Add room</Trans>
          </Button>
        </Box>
        {rooms.isError && <Alert severity="error">{describeError(rooms.error).message}</Alert>}
        {rooms.isLoading && <Skeleton variant="rounded" height={160} />}
        {rooms.data?.length === 0 && Boolean(types.data?.length) && (
          <Alert severity="info">
            <Trans>No rooms yet. Add your rooms, then their pictures from each room's page.</Trans>
          </Alert>
        )}
        <Box
          sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(min(200px, 100%), 1fr))" }}
          data-testid="room-cards"
        >
          {(rooms.data ?? []).map((r) => (
            <Card key={r._id} variant="outlined">
              <CardActionArea
                component={Link}
                to={pathTo("/booking/:roomId", { roomId: r._id })}
                aria-label={t`Room ${r.name}`}
              >
                <Box
                  sx={{ height: 120, bgcolor: "grey.100", display: "grid", placeItems: "center", overflow: "hidden" }}
                >
                  {r.images[0] ? (
                    <img src={r.images[0]} alt="" style={{ width: "100%", height: "100%", objectFit: "cover" }} />
                  ) : (
                    <BedIcon color="disabled" fontSize="large" />
                  )}
                </Box>
                <CardContent sx={{ py: 1.5 }}>
                  <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, alignItems: "center" }}>
                    <Typography sx={{ fontWeight: 600 }} noWrap>
                      {r.name}
                    </Typography>
                    <RoomStatusChip status={r.status} />
                  </Box>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {r.roomType.name} · {formatKES(r.roomType.rate)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </Box>
      {editingType && (
        <RoomTypeDialog type={editingType === "new" ? undefined : editingType} onClose={() => setEditingType(null)} />
      )}
      {addingRoom && <RoomDialog onClose={() => setAddingRoom(false)} />}
    </Box>
  );
}
