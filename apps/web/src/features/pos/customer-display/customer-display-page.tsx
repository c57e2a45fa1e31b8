import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Divider, Typography } from "@mui/material";
import { useEffect, useState, type ReactNode } from "react";
import { formatKES } from "@app/shared/money/money";
import { displayChannelName, isDisplayMessage, type DisplayMessage } from "@app/shared/pos/customer-display";
import { useAppSelector } from "../../../app/hooks.ts";

/**
 * The customer-facing display (issue 31): a window of its own, without the app's menus, that the
 * cashier drags to a second screen turned towards the customer. It shows the ticket as it is rung
 * up at the till open in this browser (use-customer-display.ts), then what was paid and the change.
 */
export default function CustomerDisplayPage() {
  const business = useAppSelector((s) => s.business.current);
  const businessId = business?._id;
  const [message, setMessage] = useState<DisplayMessage | null>(null);
  const supported = typeof BroadcastChannel !== "undefined";

  useEffect(() => {
    document.title = t`Customer display`;
    if (!businessId || !supported) return;
    const ch = new BroadcastChannel(displayChannelName(businessId));
    ch.onmessage = (e: MessageEvent<unknown>) => {
      if (isDisplayMessage(e.data) && e.data.kind !== "hello") setMessage(e.data);
    };
    ch.postMessage({ kind: "hello" } satisfies DisplayMessage);
    return () => ch.close();
  }, [businessId, supported]);

  const name = message && message.kind !== "hello" ? message.businessName : (business?.name ?? "");
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        bgcolor: "background.default",
        p: { xs: 2, md: 4 },
      }}
    >
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {name}
      </Typography>
      {!supported ? (
        <Centered>
          <Typography>
            <Trans>This browser cannot show a customer display. Use a recent Chrome, Edge or Firefox.</Trans>
          </Typography>
        </Centered>
      ) : message?.kind === "paid" ? (
        <Centered>
          <Typography variant="h3" component="p" sx={{ fontWeight: 700, mb: 3 }}>
            <Trans>Thank you!</Trans>
          </Typography>
          <Amount label={t`Total`} value={message.total} narrow />
          <Amount label={t`Paid`} value={message.paid} narrow />
          {message.change > 0 && (
            <Amount label={t`Your change`} value={message.change} strong narrow testId="display-change" />
          )}
        </Centered>
      ) : message?.kind === "ticket" && message.lines.length > 0 ? (
        <>
          <Box
            component="ul"
            aria-label={t`Items`}
            sx={{ listStyle: "none", m: 0, p: 0, flex: 1, overflowY: "auto", display: "flex", flexDirection: "column" }}
            data-testid="display-lines"
          >
            {message.lines.map((l, i) => (
              <Box
                component="li"
                key={i}
                sx={{
                  display: "flex",
                  gap: 2,
                  py: 1.25,
                  borderBottom: 1,
                  borderColor: "divider",
                  alignItems: "baseline",
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontSize: { xs: 20, md: 26 }, overflowWrap: "anywhere" }}>{l.name}</Typography>
                  <Typography color="text.secondary" sx={{ fontSize: { xs: 16, md: 18 } }}>
                    {l.quantity} × {formatKES(l.unitPrice)}
                  </Typography>
                </Box>
                <Box sx={{ textAlign: "right", whiteSpace: "nowrap" }}>
                  {l.listTotal !== null && (
                    <Typography component="s" color="text.secondary" sx={{ display: "block", fontSize: 16 }}>
                      {formatKES(l.listTotal)}
                    </Typography>
                  )}
                  <Typography sx={{ fontSize: { xs: 20, md: 26 }, fontWeight: 600 }}>{formatKES(l.total)}</Typography>
                </Box>
              </Box>
            ))}
          </Box>
          <Divider sx={{ my: 2 }} />
          {message.discount > 0 && <Amount label={t`Discount`} value={-message.discount} />}
          <Amount label={t`Total`} value={message.total} strong testId="display-total" />
        </>
      ) : (
        <Centered>
          <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
            <Trans>Welcome</Trans>
          </Typography>
          {!message && (
            <Typography color="text.secondary" sx={{ mt: 3, maxWidth: 520, textAlign: "center" }}>
              <Trans>
                Waiting for the till. Keep the POS open in another window of this browser; what the cashier rings up
                shows here.
              </Trans>
            </Typography>
          )}
        </Centered>
      )}
    </Box>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ flex: 1, display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center" }}>
      {children}
    </Box>
  );
}

function Amount({
  label,
  value,
  strong = false,
  narrow = false,
  testId,
}: {
  label: string;
  value: number;
  strong?: boolean;
  /** In the middle of the screen (the thank-you), not across it under the lines. */
  narrow?: boolean;
  testId?: string;
}) {
  return (
    <Box
      sx={{
        display: "flex",
        justifyContent: "space-between",
        gap: 4,
        width: "100%",
        maxWidth: narrow ? 720 : "none",
        alignSelf: "center",
      }}
      data-testid={testId}
    >
      <Typography sx={{ fontSize: strong ? { xs: 28, md: 40 } : { xs: 20, md: 26 }, fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: strong ? { xs: 28, md: 40 } : { xs: 20, md: 26 }, fontWeight: strong ? 700 : 400 }}>
        {formatKES(value)}
      </Typography>
    </Box>
  );
}
