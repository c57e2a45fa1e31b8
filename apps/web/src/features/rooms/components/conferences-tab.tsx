import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import {
  Alert,
  Box,
  Button,
  Chip,
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
import { useNavigate } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { ConferencePrice } from "@app/shared/rooms/conference";
import { describeError } from "../../../api/errors.ts";
import { pathTo } from "../../../lib/paths.ts";
import { useListConferencesQuery, useListPricesQuery } from "../rooms-api.ts";
import { ConferenceDialog } from "./conference-dialog.tsx";
import { PackageDialog } from "./conference-package-dialog.tsx";
import { formatDay } from "./days.ts";
import { conferenceStatusLabel } from "./labels.ts";
import { useHotel } from "./use-hotel.ts";

/** Conference packages (pricing) and the conference and event bookings. */
export function ConferencesTab() {
  const { businessId } = useHotel();
  const navigate = useNavigate();
  const prices = useListPricesQuery(businessId, { skip: !businessId });
  const conferences = useListConferencesQuery(businessId, { skip: !businessId });
  const [editing, setEditing] = useState<ConferencePrice | "new" | null>(null);
  const [booking, setBooking] = useState(false);
  const open = (id: string) => void navigate(pathTo("/booking/singleconference/:conferenceId", { conferenceId: id }));

  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <Box>
        <Box sx={{ display: "flex", alignItems: "center", mb: 1, gap: 1, flexWrap: "wrap" }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            <Trans>Conferences and events</Trans>
          </Typography>
          <Button
            startIcon={<AddIcon />}
            variant="contained"
            onClick={() => setBooking(true)}
            disabled={!prices.data?.some((p) => p.active)}
          >
            <Trans>New conference</Trans>
          </Button>
        </Box>
        {conferences.isError && <Alert severity="error">{describeError(conferences.error).message}</Alert>}
        {conferences.isLoading && <Skeleton variant="rounded" height={100} />}
        {conferences.data?.length === 0 && (
          <Typography color="text.secondary">
            <Trans>No conferences booked yet.</Trans>
          </Typography>
        )}
        {Boolean(conferences.data?.length) && (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t`Conferences`} sx={{ minWidth: 680 }}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Trans>Event</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Days</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>People</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Total</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Balance</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Status</Trans>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {conferences.data!.map((c) => (
                  <TableRow
                    key={c._id}
                    hover
                    tabIndex={0}
                    sx={{ cursor: "pointer" }}
                    onClick={() => open(c._id)}
                    onKeyDown={(e) => e.key === "Enter" && open(c._id)}
                  >
                    <TableCell>
                      {c.name}
                      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                        {c.organiser}
                        {c.booking ? ` · ${t`on room ${c.booking.roomName}'s bill`}` : ""}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {formatDay(c.startDay)}
                      {c.endDay !== c.startDay ? ` – ${formatDay(c.endDay)}` : ""}
                    </TableCell>
                    <TableCell align="right">{c.persons}</TableCell>
                    <TableCell align="right">{formatKES(c.total)}</TableCell>
                    <TableCell align="right">{formatKES(c.balance)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={conferenceStatusLabel(c.status)}
                        color={c.status === "booked" ? "info" : "default"}
                      />
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
            <Trans>Conference pricing</Trans>
          </Typography>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing("new")}>
            <Trans>Add package</Trans>
          </Button>
        </Box>
        {prices.isError && <Alert severity="error">{describeError(prices.error).message}</Alert>}
        {prices.data?.length === 0 && (
          <Alert severity="info">
            <Trans>No packages yet. A package prices a conference per person per day, plus hall hire per day.</Trans>
          </Alert>
        )}
        {Boolean(prices.data?.length) && (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t`Conference packages`}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Trans>Package</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Per person per day</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Hall hire per day</Trans>
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {prices.data!.map((p) => (
                  <TableRow key={p._id} sx={{ opacity: p.active ? 1 : 0.6 }}>
                    <TableCell>
                      {p.name}
                      {!p.active && <Chip size="small" sx={{ ml: 1 }} label={t`Not offered`} />}
                      {p.description && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                          {p.description}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">{formatKES(p.perPersonPerDay)}</TableCell>
                    <TableCell align="right">{formatKES(p.hallHirePerDay)}</TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => setEditing(p)} aria-label={t`Edit ${p.name}`}>
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
      {editing && <PackageDialog price={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />}
      {booking && <ConferenceDialog onClose={() => setBooking(false)} />}
    </Box>
  );
}
