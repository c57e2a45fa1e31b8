import { useState } from "react";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import {
  emailAddressSchema,
  receiptMessageText,
  whatsappLink,
  type Message,
  type MessagingStatus,
  type SendReceiptInput,
} from "@app/shared/messages/messages";
import { kenyanPhoneSchema, localKenyanPhone, PHONE_TYPED_MAX } from "@app/shared/phone/phone";
import { describeError } from "../api/errors.ts";
import { newIdempotencyKey } from "../lib/idempotency-key.ts";
import { showToast } from "../lib/toasts.ts";
import { ResponsiveDialog } from "./responsive-dialog.tsx";

/** What the dialog needs of the server for one sale (features/messages/messages-api.ts: useReceiptSending). */
export type ReceiptSending = {
  status: MessagingStatus | undefined;
  sending: boolean;
  /** Queues the receipt by SMS or e-mail under this Idempotency-Key. */
  send: (input: SendReceiptInput, idempotencyKey: string) => Promise<Message>;
  /** The receipt's public address (made on first use), for the WhatsApp link; absent: no WhatsApp. */
  link?: () => Promise<string>;
};

type Channel = "sms" | "email" | "whatsapp";

type Props = {
  open: boolean;
  onClose: () => void;
  sending: ReceiptSending;
  /** What the WhatsApp text says: the business, the receipt's number and its total. */
  summary: { businessName: string; number: string; total: string };
  /** The credit customer's phone, when the sale has one. */
  defaultPhone?: string | null;
  /** A customer's statement (no WhatsApp; the customer's language chosen here) rather than a receipt. */
  statement?: boolean;
};

/** Why a channel cannot send on this server, in words the cashier can pass on to the owner; null: it can. */
export function missingSetup(status: MessagingStatus | undefined, channel: Channel): string | null {
  if (!status || channel === "whatsapp") return null;
  if (channel === "sms" && !status.sms.configured)
    return t`SMS is not set up: add Africa's Talking to the server settings (${status.sms.missing.join(", ")})`;
  if (channel === "email" && !status.email.configured)
    return t`E-mail is not set up: add an SMTP server to the server settings (${status.email.missing.join(", ")})`;
  return null;
}

/** After a sale: the receipt by SMS or e-mail (queued on the server, sent with retries) or WhatsApp (a link). */
export function SendReceiptDialog({ open, onClose, sending, summary, defaultPhone, statement = false }: Props) {
  const [channel, setChannel] = useState<Channel>("sms");
  const [phone, setPhone] = useState(defaultPhone ? (localKenyanPhone(defaultPhone) ?? defaultPhone) : "");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [language, setLanguage] = useState<"en" | "sw">("en");
  // One key per opening of the dialog: a double click or a retry after a lost answer queues one message.
  const [key] = useState(newIdempotencyKey);
  const missing = missingSetup(sending.status, channel);

  async function submit() {
    setError(null);
    if (channel === "whatsapp" && sending.link) {
      const typed = phone.trim();
      if (typed && !kenyanPhoneSchema.safeParse(typed).success) return setError(t`Enter a Kenyan mobile number`);
      // Opened at once (a window opened after a wait is blocked), then sent to WhatsApp with the link.
      const win = window.open("", "_blank");
      try {
        const url = await sending.link();
        const href = whatsappLink(receiptMessageText({ ...summary, url }), typed || null);
        if (win) win.location.href = href;
        else window.location.href = href;
        onClose();
      } catch (err) {
        win?.close();
        setError(describeError(err).message);
      }
      return;
    }
    if (channel === "whatsapp") return;
    const parsed = channel === "sms" ? kenyanPhoneSchema.safeParse(phone) : emailAddressSchema.safeParse(email.trim());
    if (!parsed.success)
      return setError(channel === "sms" ? t`Enter a Kenyan mobile number` : t`Enter an e-mail address`);
    try {
      await sending.send({ channel, to: parsed.data, ...(statement ? { language } : {}) }, key);
      showToast(
        "success",
        statement
          ? channel === "sms"
            ? t`Statement sent by SMS to ${phone}`
            : t`Statement sent by e-mail to ${email}`
          : channel === "sms"
            ? t`Receipt sent by SMS to ${phone}`
            : t`Receipt sent by e-mail to ${email}`,
      );
      onClose();
    } catch (err) {
      setError(describeError(err).message);
    }
  }

  return (
    <ResponsiveDialog open={open} onClose={onClose} maxWidth="xs">
      <DialogTitle>
        {statement ? <Trans>Send statement to {summary.number}</Trans> : <Trans>Send receipt {summary.number}</Trans>}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            value={channel}
            onChange={(_e, v: Channel | null) => v && (setChannel(v), setError(null))}
            aria-label={t`Send by`}
          >
            <ToggleButton value="sms" data-testid="send-by-sms">
              <Trans>SMS</Trans>
            </ToggleButton>
            <ToggleButton value="email" data-testid="send-by-email">
              <Trans>E-mail</Trans>
            </ToggleButton>
            {sending.link && (
              <ToggleButton value="whatsapp" data-testid="send-by-whatsapp">
                <Trans>WhatsApp</Trans>
              </ToggleButton>
            )}
          </ToggleButtonGroup>
          {statement && (
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              value={language}
              onChange={(_e, v: "en" | "sw" | null) => v && setLanguage(v)}
              aria-label={t`The customer's language`}
            >
              <ToggleButton value="en">English</ToggleButton>
              <ToggleButton value="sw" data-testid="send-in-swahili">
                Kiswahili
              </ToggleButton>
            </ToggleButtonGroup>
          )}
          {missing && (
            <Alert severity="warning" data-testid="send-missing-setup">
              {missing}
            </Alert>
          )}
          {channel === "email" ? (
            <TextField
              label={t`Customer's e-mail`}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 254, "data-testid": "send-email" } }}
              autoFocus
            />
          ) : (
            <TextField
              label={channel === "sms" ? t`Customer's phone` : t`Customer's phone (optional)`}
              type="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              helperText={t`e.g. 0712 345 678 or +254 712 345 678`}
              slotProps={{ htmlInput: { maxLength: PHONE_TYPED_MAX, "data-testid": "send-phone" } }}
              autoFocus
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={Boolean(missing) || sending.sending}
          data-testid="send-receipt-submit"
        >
          {channel === "whatsapp" ? <Trans>Open WhatsApp</Trans> : <Trans>Send</Trans>}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

/** A "Send receipt" (or "Send statement") button that opens the dialog. */
export function SendReceiptButton({
  variant = "text",
  ...props
}: Omit<Props, "open" | "onClose"> & { variant?: "text" | "outlined" }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        onClick={() => setOpen(true)}
        data-testid={props.statement ? "send-statement" : "send-receipt"}
      >
        {props.statement ? <Trans>Send statement</Trans> : <Trans>Send receipt</Trans>}
      </Button>
      {open && <SendReceiptDialog {...props} open onClose={() => setOpen(false)} />}
    </>
  );
}
