import { Box } from "@mui/material";
import type { PrintLine } from "@app/shared/printing/receipt";
import { qrDataUrl } from "../lib/qr-svg.ts";

/** A receipt or kitchen ticket as it will come out of the printer. */
export function PrintPreview({ lines, testId }: { lines: readonly PrintLine[]; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        fontFamily: '"Courier New", monospace',
        fontSize: 13,
        lineHeight: 1.4,
        bgcolor: "#fff",
        border: 1,
        borderColor: "divider",
        p: 2,
        width: "max-content",
        maxWidth: "100%",
        overflowX: "auto",
      }}
    >
      {lines.map((l, i) =>
        l.kind === "rule" ? (
          <Box key={i} sx={{ borderTop: "1px dashed", my: 0.5 }} />
        ) : l.kind === "feed" ? (
          <Box key={i} sx={{ height: 8 }} />
        ) : l.kind === "qr" ? (
          <Box key={i} sx={{ textAlign: "center", my: 0.5 }}>
            {/* KRA's verification link as the QR code the receipt prints. */}
            <img src={qrDataUrl(l.data)} alt={l.data} data-testid="receipt-qr" style={{ width: 132, height: 132 }} />
          </Box>
        ) : (
          <Box
            key={i}
            sx={{
              whiteSpace: "pre",
              textAlign: l.align ?? "left",
              fontWeight: l.bold ? 700 : 400,
              fontSize: l.large ? 17 : undefined,
            }}
          >
            {l.text || " "}
          </Box>
        ),
      )}
    </Box>
  );
}
