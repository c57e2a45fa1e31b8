import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { I18nProvider } from "@lingui/react";
import { Alert, Box, Button, Container, LinearProgress, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import type { PrintLine } from "@app/shared/printing/receipt";
import { describeError } from "../../../api/errors.ts";
import { LanguageSwitch } from "../../../components/language-switch.tsx";
import { PrintPreview } from "../../../components/print-preview.tsx";
import { activateLanguage, i18n, savedLanguage, type Language } from "../../../lib/i18n/i18n.ts";
import { printInBrowser } from "../../../lib/print-document.ts";
import { fetchPublicReceipt } from "../public-receipt.ts";

/** The receipt, read again in the language chosen. */
function ReceiptBody({ token, language }: { token: string; language: string }) {
  const [receipt, setReceipt] = useState<{ businessName: string; lines: PrintLine[] } | null>(null);
  const [error, setError] = useState<{ message: string; missing: boolean } | null>(null);
  useEffect(() => {
    setError(null);
    // A phone's screen holds the 58 mm receipt's 32 columns; wider screens the 80 mm one's 48.
    fetchPublicReceipt(token, language, window.innerWidth < 480 ? 32 : 48).then(
      (r) => {
        setReceipt(r);
        document.title = r.businessName;
      },
      (err: unknown) =>
        setError({ message: describeError(err).message, missing: (err as { status?: unknown }).status === 404 }),
    );
  }, [token, language]);
  if (error?.missing)
    return (
      <Alert severity="warning" sx={{ mt: 4 }} data-testid="receipt-missing">
        <Trans>This receipt link is not valid. Please ask the shop for your receipt.</Trans>
      </Alert>
    );
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 4 }}>
        {error.message}
      </Alert>
    );
  if (!receipt) return <LinearProgress sx={{ mt: 2 }} aria-label={t`Loading`} />;
  return (
    <Box sx={{ mt: 2, display: "flex", flexDirection: "column", alignItems: "center", gap: 2 }}>
      <PrintPreview lines={receipt.lines} testId="public-receipt" />
      <Button variant="outlined" onClick={() => printInBrowser(receipt.lines)}>
        <Trans>Print or save as PDF</Trans>
      </Button>
    </Box>
  );
}

/**
 * /r/{token}: a receipt sent by SMS, e-mail or WhatsApp, opened without signing in. The token
 * (256 random bits) is the only key; the page shows that receipt and nothing else.
 */
export default function PublicReceiptPage() {
  const { token = "" } = useParams();
  const [language, setLanguage] = useState<Language | null>(null);
  useEffect(() => {
    const first = savedLanguage();
    void activateLanguage(first).finally(() => setLanguage(first));
  }, []);
  if (!language) return <LinearProgress />;
  return (
    <I18nProvider i18n={i18n}>
      <Box sx={{ minHeight: "100vh", bgcolor: "grey.100", pb: 6 }}>
        <Box sx={{ bgcolor: "primary.main", color: "primary.contrastText", py: 2 }}>
          <Container maxWidth="sm" sx={{ display: "flex", alignItems: "center", gap: 2 }}>
            <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
              <Trans>Your receipt</Trans>
            </Typography>
            <LanguageSwitch
              activate={async (l) => {
                await activateLanguage(l);
                setLanguage(l);
              }}
            />
          </Container>
        </Box>
        <Container maxWidth="sm">
          <ReceiptBody token={token} language={language} />
        </Container>
      </Box>
    </I18nProvider>
  );
}
