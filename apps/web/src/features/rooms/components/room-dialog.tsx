import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { ROOM_STATUSES, type Room, type RoomStatus } from "@app/shared/rooms/room";
import { describeError } from "../../../api/errors.ts";
import { useCreateRoomMutation, useListRoomTypesQuery, useUpdateRoomMutation } from "../rooms-api.ts";
import { roomStatusLabel } from "./labels.ts";
import { useHotel } from "./use-hotel.ts";
import { fieldError, type FieldProblem } from "./field-problem.ts";

/** Adds a room (name or number, type, status) or edits one. */
export function RoomDialog({ room, onClose }: { room?: Room; onClose: () => void }) {
  const { businessId } = useHotel();
  const types = useListRoomTypesQuery(businessId, { skip: !businessId });
  const [create, created] = useCreateRoomMutation();
  const [update, updated] = useUpdateRoomMutation();
  const [name, setName] = useState(room?.name ?? "");
  const [roomTypeId, setRoomTypeId] = useState(room?.roomType._id ?? "");
  const [status, setStatus] = useState<RoomStatus>(room?.status ?? "available");
  const [description, setDescription] = useState(room?.description ?? "");
  const [error, setError] = useState<FieldProblem>(null);
  const busy = created.isLoading || updated.isLoading;
  const typeId = roomTypeId || types.data?.[0]?._id || "";

  async function save() {
    setError(null);
    const body = { name: name.trim(), roomTypeId: typeId, status, description: description.trim() };
    try {
      const saved = room
        ? await update({ id: room._id, body }).unwrap()
        : await create({ businessId, ...body }).unwrap();
      toast.success(t`Room ${saved.name} saved`);
      onClose();
    } catch (err) {
      setError(describeError(err));
    }
  }
  const f = (key: string) => fieldError(error, key);

  return (
    <ResponsiveDialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="room-title">
      <DialogTitle id="room-title">{room ? t`Edit room ${room.name}` : t`New room`}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            size="small"
            label={t`Room name or number`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
            {...f("name")}
          />
          <TextField
            select
            size="small"
            label={t`Room type`}
            value={typeId}
            onChange={(e) => setRoomTypeId(e.target.value)}
            {...f("roomTypeId")}
          >
            {(types.data ?? []).map((x) => (
              <MenuItem key={x._id} value={x._id}>
                {x.name} · {formatKES(x.rate)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t`Status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as RoomStatus)}
            {...f("status")}
          >
            {ROOM_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {roomStatusLabel(s)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t`Description`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
            {...f("description")}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !typeId}>
          <Trans>Save</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
