import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatCentsPlain, parseKES } from "@app/shared/money/money";
import type { RoomType } from "@app/shared/rooms/room";
import { describeError } from "../../../api/errors.ts";
import { useCreateRoomTypeMutation, useUpdateRoomTypeMutation } from "../rooms-api.ts";
import { MoneyInput } from "../../../components/money-input.tsx";
import { useHotel } from "./use-hotel.ts";
import { fieldError, type FieldProblem } from "./field-problem.ts";

type SeasonRow = { name: string; from: string; to: string; rate: string; weekendRate: string };
const cents = (text: string) => (text.trim() ? parseKES(text.trim()) : null);
const plain = (c: number | null) => (c ? formatCentsPlain(c) : "");

/**
 * A room type and its prices: a nightly rate, an optional weekend rate (Friday and Saturday
 * nights) and seasons with their own rates. New prices apply to bookings made from then on.
 */
export function RoomTypeDialog({ type, onClose }: { type?: RoomType; onClose: () => void }) {
  const { businessId } = useHotel();
  const [create, created] = useCreateRoomTypeMutation();
  const [update, updated] = useUpdateRoomTypeMutation();
  const [name, setName] = useState(type?.name ?? "");
  const [description, setDescription] = useState(type?.description ?? "");
  const [capacity, setCapacity] = useState(String(type?.capacity ?? 2));
  const [rate, setRate] = useState(plain(type?.rate ?? null));
  const [weekendRate, setWeekendRate] = useState(plain(type?.weekendRate ?? null));
  const [seasons, setSeasons] = useState<SeasonRow[]>(
    (type?.seasons ?? []).map((s) => ({ ...s, rate: plain(s.rate), weekendRate: plain(s.weekendRate) })),
  );
  const [error, setError] = useState<FieldProblem>(null);
  const busy = created.isLoading || updated.isLoading;

  async function save() {
    setError(null);
    const amounts = [rate, weekendRate, ...seasons.flatMap((s) => [s.rate, s.weekendRate])];
    if (amounts.some((a) => a.trim() && cents(a) === null)) {
      setError({ message: t`Enter amounts like 4500 or 4500.50`, fields: {} });
      return;
    }
    const body = {
      name: name.trim(),
      description: description.trim(),
      capacity: Number(capacity) || 0,
      rate: cents(rate) ?? 0,
      weekendRate: cents(weekendRate),
      seasons: seasons.map((s) => ({
        name: s.name.trim(),
        from: s.from,
        to: s.to,
        rate: cents(s.rate) ?? 0,
        weekendRate: cents(s.weekendRate),
      })),
    };
    try {
      const saved = type
        ? await update({ id: type._id, body }).unwrap()
        : await create({ businessId, ...body }).unwrap();
      toast.success(t`Room type ${saved.name} saved`);
      onClose();
    } catch (err) {
      setError(describeError(err));
    }
  }
  const f = (key: string) => fieldError(error, key);
  const setSeason = (i: number, patch: Partial<SeasonRow>) =>
    setSeasons(seasons.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <ResponsiveDialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="room-type-title"
    >
      <DialogTitle id="room-type-title">{type ? t`Edit room type` : t`New room type`}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            size="small"
            label={t`Name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
            {...f("name")}
          />
          <TextField
            size="small"
            label={t`Description`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            {...f("description")}
          />
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
            <MoneyInput
              size="small"
              label={t`Rate per night`}
              value={rate}
              onChange={setRate}
              sx={{ flex: "1 1 160px" }}
              {...f("rate")}
            />
            <MoneyInput
              size="small"
              label={t`Weekend rate (Fri, Sat)`}
              value={weekendRate}
              onChange={setWeekendRate}
              sx={{ flex: "1 1 160px" }}
              {...f("weekendRate")}
            />
            <TextField
              size="small"
              label={t`Sleeps`}
              value={capacity}
              onChange={(e) => setCapacity(e.target.value.replace(/\D/g, "").slice(0, 2))}
              sx={{ width: 90 }}
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
              {...f("capacity")}
            />
          </Box>
          <Typography variant="subtitle2">
            <Trans>Seasons</Trans>
          </Typography>
          {seasons.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              <Trans>No seasons: every night is priced at the rate (or the weekend rate).</Trans>
            </Typography>
          )}
          {seasons.map((s, i) => (
            <Box
              key={i}
              sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}
              data-testid="season-row"
            >
              <TextField
                size="small"
                label={t`Season`}
                value={s.name}
                onChange={(e) => setSeason(i, { name: e.target.value })}
                sx={{ flex: "1 1 120px" }}
              />
              <TextField
                size="small"
                type="date"
                label={t`From`}
                value={s.from}
                onChange={(e) => setSeason(i, { from: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                size="small"
                type="date"
                label={t`To`}
                value={s.to}
                onChange={(e) => setSeason(i, { to: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <MoneyInput
                size="small"
                label={t`Rate`}
                value={s.rate}
                onChange={(v) => setSeason(i, { rate: v })}
                sx={{ width: 150 }}
              />
              <IconButton
                aria-label={t`Remove season ${s.name}`}
                onClick={() => setSeasons(seasons.filter((_x, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          {error?.fields.seasons && (
            <Typography color="error" variant="body2">
              {error.fields.seasons}
            </Typography>
          )}
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => setSeasons([...seasons, { name: "", from: "", to: "", rate: "", weekendRate: "" }])}
            >
              <Trans>Add a season</Trans>
            </Button>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          <Trans>Save</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
