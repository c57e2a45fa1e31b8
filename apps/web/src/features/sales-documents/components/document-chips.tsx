import { t } from "@lingui/core/macro";
import { Chip, Stack } from "@mui/material";
import type { SalesDocument } from "@app/shared/sales-documents/document";
import { etimsLabel, STATUS_COLOR, statusLabel } from "../document-texts.ts";

/** A document's status, overdue flag and eTIMS state, as chips. */
export function DocumentChips({
  doc,
}: {
  doc: Pick<SalesDocument, "type" | "status" | "overdue" | "etimsState" | "etimsError">;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap", rowGap: 0.5 }}>
      <Chip size="small" color={STATUS_COLOR[doc.status]} label={statusLabel(doc.status)} />
      {doc.overdue && <Chip size="small" color="error" variant="outlined" label={t`Overdue`} />}
      <Chip
        size="small"
        variant="outlined"
        color={doc.etimsState === "failed" ? "error" : doc.etimsState === "signed" ? "success" : "default"}
        label={etimsLabel(doc.etimsState, doc.type)}
        title={doc.etimsError ?? undefined}
      />
    </Stack>
  );
}
