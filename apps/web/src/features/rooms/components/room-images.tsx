import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddPhotoIcon from "@mui/icons-material/AddPhotoAlternateOutlined";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { Alert, Box, Button, IconButton, LinearProgress, Typography } from "@mui/material";
import { useState } from "react";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "@app/shared/inventory/product";
import { MAX_ROOM_IMAGES, type Room } from "@app/shared/rooms/room";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useAddRoomImageMutation, useUpdateRoomMutation } from "../rooms-api.ts";

/** A room's pictures: add (JPEG, PNG or WebP up to 5 MB, 8 at most; checked again by the server) and remove. */
export function RoomImages({ room }: { room: Room }) {
  const [upload, uploading] = useAddRoomImageMutation();
  const [update, updating] = useUpdateRoomMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const full = room.images.length >= MAX_ROOM_IMAGES;

  async function add(files: FileList | null) {
    setProblem(null);
    for (const file of Array.from(files ?? []).slice(0, MAX_ROOM_IMAGES - room.images.length)) {
      if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
        return setProblem(t`${file.name} is not a JPEG, PNG or WebP image`);
      if (file.size > MAX_IMAGE_BYTES) return setProblem(t`${file.name} is larger than 5 MB`);
      try {
        await upload({ id: room._id, file }).unwrap();
      } catch (err) {
        return setProblem(describeError(err).message);
      }
    }
  }

  return (
    <Box>
      {(uploading.isLoading || updating.isLoading) && <LinearProgress sx={{ mb: 1 }} aria-label={t`Saving images`} />}
      {problem && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {problem}
        </Alert>
      )}
      {room.images.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          <Trans>No pictures yet. Guests see the first one on the online booking page.</Trans>
        </Typography>
      )}
      <Box
        sx={{ display: "grid", gap: 1, gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))", mb: 1 }}
        data-testid="room-images"
      >
        {room.images.map((url, i) => (
          <Box
            key={url}
            sx={{
              position: "relative",
              aspectRatio: "4 / 3",
              borderRadius: 1,
              overflow: "hidden",
              bgcolor: "grey.100",
            }}
          >
            <img
              src={url}
              alt={t`Room ${room.name}, picture ${i + 1}`}
              style={{ width: "100%", height: "100%", objectFit: "cover" }}
            />
            <IconButton
              size="small"
              aria-label={t`Remove picture ${i + 1}`}
              onClick={() => setRemoving(url)}
              sx={{
                position: "absolute",
                top: 4,
                right: 4,
                bgcolor: "background.paper",
                "&:hover": { bgcolor: "background.paper" },
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button component="label" variant="outlined" startIcon={<AddPhotoIcon />} disabled={full || uploading.isLoading}>
        <Trans>Add pictures</Trans>
        <input
          hidden
          type="file"
          multiple
          accept={IMAGE_TYPES.join(",")}
          aria-label={t`Room pictures`}
          onChange={(e) => {
            const files = e.target.files;
            void add(files).finally(() => (e.target.value = ""));
          }}
        />
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
        <Trans>
          JPEG, PNG or WebP, up to 5 MB; {room.images.length} of {MAX_ROOM_IMAGES}
        </Trans>
      </Typography>
      <ConfirmDialog
        open={removing !== null}
        title={t`Remove this picture?`}
        text={t`The picture is deleted from the room.`}
        confirmLabel={t`Remove`}
        busy={updating.isLoading}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const url = removing;
          setRemoving(null);
          if (url)
            void update({ id: room._id, body: { images: room.images.filter((u) => u !== url) } })
              .unwrap()
              .catch((err: unknown) => setProblem(describeError(err).message));
        }}
      />
    </Box>
  );
}
