import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { plural, t } from "@lingui/core/macro";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from "@mui/material";
import { useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { HotelRecordMissing } from "../components/hotel-record-missing.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { ConferenceDialog } from "../components/conference-dialog.tsx";
import { formatDay } from "../components/days.ts";
import { conferenceStatusLabel, methodLabel } from "../components/labels.ts";
import { PaymentDialog } from "../components/payment-dialog.tsx";
import { useHotel } from "../components/use-hotel.ts";
import { useCancelConferenceMutation, useGetConferenceQuery } from "../rooms-api.ts";

const back = (
  <Button component={Link} to={pathTo("/booking") + "?tab=conferences"} startIcon={<ArrowBackIcon />}>
    <Trans>Conferences</Trans>
  </Button>
);
/** "1 day", "3 days"; "1 person", "30 people": the bill's lines in the user's language. */
const daysText = (n: number) => plural(n, { one: "# day", other: "# days" });
const peopleText = (n: number) => plural(n, { one: "# person", other: "# people" });

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="div">{children}</Typography>
  </Box>
);

/** /booking/singleconference/{conferenceId}: a conference or event, its price, payments and balance. */
export default function ConferencePage() {
  const { conferenceId = "" } = useParams();
  const { timeZone } = useHotel();
  const { data: c, isLoading, isError, error, refetch } = useGetConferenceQuery(conferenceId);
  const [cancel, cancelling] = useCancelConferenceMutation();
  const [open, setOpen] = useState<"edit" | "pay" | "cancel" | null>(null);

  if (isLoading) return <Skeleton variant="rounded" height={320} />;
  if (isError || !c)
    return (
      <HotelRecordMissing
        title={t`Conference`}
        back={back}
        error={error}
        notFound={<Trans>Conference not found.</Trans>}
        onRetry={() => void refetch()}
      />
    );
  const booked = c.status === "booked";

  return (
    <>
      <PageHeader
        title={c.name}
        subtitle={`${formatDay(c.startDay)}${c.endDay !== c.startDay ? ` – ${formatDay(c.endDay)}` : ""} · ${c.organiser}`}
        actions={back}
      />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 2 }}>
        <Chip label={conferenceStatusLabel(c.status)} color={booked ? "info" : "default"} />
        <Box sx={{ flex: 1 }} />
        {booked && !c.booking && c.balance > 0 && (
          <Button variant="contained" onClick={() => setOpen("pay")}>
            <Trans>Take payment</Trans>
          </Button>
        )}
        {booked && (
          <Button variant="outlined" onClick={() => setOpen("edit")}>
            <Trans>Change</Trans>
          </Button>
        )}
        {booked && (
          <Button color="error" onClick={() => setOpen("cancel")} disabled={cancelling.isLoading}>
            <Trans>Cancel conference</Trans>
          </Button>
        )}
      </Box>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
          alignItems: "start",
        }}
      >
        <Card variant="outlined">
          <CardHeader title={t`Event`} slotProps={{ title: { variant: "h6" } }} />
          <CardContent
            sx={{
              pt: 0,
              display: "grid",
              gap: 1.5,
              gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
              overflowWrap: "anywhere",
            }}
          >
            <Field label={t`Organiser`}>{c.organiser}</Field>
            <Field label={t`Phone`}>{formatKenyanPhone(c.organiserPhone)}</Field>
            <Field label={t`Hall`}>{c.hall || "—"}</Field>
            <Field label={t`People`}>{c.persons}</Field>
            <Field label={t`Days`}>{c.days}</Field>
            <Field label={t`Package`}>{c.price.name}</Field>
            <Field label={t`Booked by`}>{c.createdBy}</Field>
            <Field label={t`Booked on`}>{formatDateTime(c.createdAt, timeZone)}</Field>
            {c.notes && (
              <Box sx={{ gridColumn: "1 / -1" }}>
                <Field label={t`Notes`}>{c.notes}</Field>
              </Box>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined" data-testid="conference-bill">
          <CardHeader title={t`Bill`} slotProps={{ title: { variant: "h6" } }} />
          <CardContent sx={{ pt: 0 }}>
            <Table size="small" aria-label={t`Conference bill`}>
              <TableBody>
                <TableRow>
                  <TableCell sx={{ pl: 0 }}>
                    {daysText(c.days)} × {peopleText(c.persons)} × {formatKES(c.perPersonPerDay)}
                  </TableCell>
                  <TableCell align="right" sx={{ pr: 0 }}>
                    {formatKES(c.days * c.persons * c.perPersonPerDay)}
                  </TableCell>
                </TableRow>
                {c.hallHirePerDay > 0 && (
                  <TableRow>
                    <TableCell sx={{ pl: 0 }}>
                      <Trans>Hall hire</Trans>, {daysText(c.days)} × {formatKES(c.hallHirePerDay)}
                    </TableCell>
                    <TableCell align="right" sx={{ pr: 0 }}>
                      {formatKES(c.days * c.hallHirePerDay)}
                    </TableCell>
                  </TableRow>
                )}
                <TableRow>
                  <TableCell sx={{ pl: 0, fontWeight: 700 }}>
                    <Trans>Total</Trans>
                  </TableCell>
                  <TableCell align="right" sx={{ pr: 0, fontWeight: 700 }}>
                    {formatKES(c.total)}
                  </TableCell>
                </TableRow>
                {c.payments.map((p) => (
                  <TableRow key={p._id}>
                    <TableCell sx={{ pl: 0 }}>
                      {methodLabel(p.method)}
                      {p.reference ? ` ${p.reference}` : ""} · {formatDateTime(p.paidAt, timeZone)}
                    </TableCell>
                    <TableCell align="right" sx={{ pr: 0 }}>
                      {formatKES(-p.amount)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {c.booking ? (
              <Alert severity="info" sx={{ mt: 2 }}>
                <Trans>
                  On {c.booking.guestName}'s bill (room {c.booking.roomName}):{" "}
                  <Link to={pathTo("/booking/singlebooking/:bookingId", { bookingId: c.booking._id })}>
                    open the bill
                  </Link>
                </Trans>
              </Alert>
            ) : (
              <Box sx={{ display: "flex", justifyContent: "space-between", mt: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>
                  <Trans>Balance</Trans>
                </Typography>
                <Typography
                  sx={{ fontWeight: 700 }}
                  color={c.balance > 0 ? "error" : "success.main"}
                  data-testid="conference-balance"
                >
                  {formatKES(c.balance)}
                </Typography>
              </Box>
            )}
          </CardContent>
        </Card>
      </Box>
      {open === "edit" && <ConferenceDialog conference={c} onClose={() => setOpen(null)} />}
      {open === "pay" && (
        <PaymentDialog
          bill={{ kind: "conference", id: c._id, balance: c.balance, who: c.organiser }}
          onClose={() => setOpen(null)}
        />
      )}
      <ConfirmDialog
        open={open === "cancel"}
        title={t`Cancel ${c.name}?`}
        text={t`The conference is cancelled; payments already taken stay recorded.`}
        confirmLabel={t`Cancel conference`}
        busy={cancelling.isLoading}
        onClose={() => setOpen(null)}
        onConfirm={() => {
          setOpen(null);
          void cancel(c._id)
            .unwrap()
            .then(() => toast.success(t`${c.name} cancelled`))
            .catch((err: unknown) => toast.error(describeError(err).message));
        }}
      />
    </>
  );
}
