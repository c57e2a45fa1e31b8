import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button } from "@mui/material";
import { useState } from "react";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { DocumentDialog } from "../components/document-dialog.tsx";
import { DocumentDrawer, type DocRef } from "../components/document-drawer.tsx";
import { DocumentsList } from "../components/documents-list.tsx";

/** /quotations: quotations to clients or walk-ins; an open one is converted into an invoice once. */
export default function QuotationsPage() {
  const business = useAppSelector((s) => s.business.current);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<DocRef | null>(null);
  return (
    <>
      <PageHeader
        title={t`Quotations`}
        subtitle={business?.name}
        actions={
          <Button variant="contained" onClick={() => setCreating(true)}>
            <Trans>New quotation</Trans>
          </Button>
        }
      />
      <DocumentsList type="quotation" onOpen={setOpen} />
      {creating && (
        <DocumentDialog
          type="quotation"
          onClose={() => setCreating(false)}
          onSaved={(d) => setOpen({ type: "quotation", id: d._id })}
        />
      )}
      <DocumentDrawer docRef={open} onClose={() => setOpen(null)} onOpen={setOpen} />
    </>
  );
}
