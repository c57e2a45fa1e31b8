import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Divider,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { Booking } from "@app/shared/rooms/booking";
import { pathTo } from "../../../lib/paths.ts";
import { formatDay } from "./days.ts";
import { methodLabel } from "./labels.ts";
import { useHotel } from "./use-hotel.ts";
import { formatDateTime } from "../../../lib/date-format.ts";

const Line = ({
  label,
  amount,
  strong,
  testId,
}: {
  label: ReactNode;
  amount: number;
  strong?: boolean;
  testId?: string;
}) => (
  <TableRow>
    <TableCell sx={{ pl: 0, fontWeight: strong ? 700 : 400 }}>{label}</TableCell>
    <TableCell align="right" sx={{ pr: 0, fontWeight: strong ? 700 : 400, whiteSpace: "nowrap" }} data-testid={testId}>
      {formatKES(amount)}
    </TableCell>
  </TableRow>
);

/** One guest bill: room nights at their stored rates, POS sales charged to the room, conferences, other charges, then payments and the balance. */
export function BillCard({ booking, actions }: { booking: Booking; actions: ReactNode }) {
  const { timeZone } = useHotel();
  const { bill } = booking;
  const sameRate = booking.nightlyRates.every((r) => r === booking.nightlyRates[0]);
  const nights =
    booking.status === "cancelled"
      ? t`Room nights (cancelled)`
      : sameRate && booking.nightlyRates.length
        ? t`${booking.nights} nights × ${formatKES(booking.nightlyRates[0]!)}`
        : t`${booking.nights} nights`;
  return (
    <Card variant="outlined" data-testid="bill">
      <CardHeader
        title={t`Bill`}
        slotProps={{ title: { variant: "h6" } }}
        action={<Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>{actions}</Box>}
      />
      <CardContent sx={{ pt: 0 }}>
        <Table size="small" aria-label={t`Bill`}>
          <TableBody>
            <Line label={nights} amount={bill.roomTotal} />
            {!sameRate && booking.status !== "cancelled" && (
              <TableRow>
                <TableCell colSpan={2} sx={{ pl: 0, color: "text.secondary", fontSize: 13 }}>
                  {booking.nightlyRates.map((r, i) => `${i + 1}: ${formatKES(r)}`).join(" · ")}
                </TableCell>
              </TableRow>
            )}
            {bill.charges.map((c) => (
              <Line
                key={c._id}
                label={
                  c.kind === "conference" && c.conferenceId ? (
                    <Link to={pathTo("/booking/singleconference/:conferenceId", { conferenceId: c.conferenceId })}>
                      {c.description}
                    </Link>
                  ) : c.kind === "pos" ? (
                    <>
                      {c.description}{" "}
                      <Typography component="span" variant="caption" color="text.secondary">
                        · <Trans>charged from the POS by {c.createdBy}</Trans>
                      </Typography>
                    </>
                  ) : (
                    c.description
                  )
                }
                amount={c.amount}
              />
            ))}
            <Line label={t`Total`} amount={bill.total} strong testId="bill-total" />
            {bill.payments.map((p) => (
              <Line
                key={p._id}
                label={
                  <>
                    {p.kind === "deposit" ? t`Deposit` : t`Payment`} · {methodLabel(p.method)}
                    {p.reference ? ` ${p.reference}` : ""}
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
                      {formatDateTime(p.paidAt, timeZone)} · {p.recordedBy}
                    </Typography>
                  </>
                }
                amount={-p.amount}
              />
            ))}
          </TableBody>
        </Table>
        <Divider sx={{ my: 1 }} />
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "baseline" }}>
          <Typography sx={{ fontWeight: 700 }}>
            <Trans>Balance</Trans>
          </Typography>
          <Typography
            sx={{ fontWeight: 700, fontSize: 20 }}
            color={bill.balance > 0 ? "error" : "success.main"}
            data-testid="bill-balance"
          >
            {formatKES(bill.balance)}
          </Typography>
        </Box>
        {booking.overrideBy && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
            <Trans>
              Checked out owing, allowed by {booking.overrideBy}: {booking.overrideReason}
            </Trans>
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
          <Trans>
            Stay {formatDay(booking.checkIn)} – {formatDay(booking.checkOut)}
          </Trans>
        </Typography>
      </CardContent>
    </Card>
  );
}
