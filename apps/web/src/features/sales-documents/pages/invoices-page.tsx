import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { DocumentDialog } from "../components/document-dialog.tsx";
import { DocumentDrawer, type DocRef } from "../components/document-drawer.tsx";
import { DocumentsList } from "../components/documents-list.tsx";

/** /invoices: tax invoices (Pending, Partial, Paid, overdue) and the credit notes issued against them. */
export default function InvoicesPage() {
  const business = useAppSelector((s) => s.business.current);
  const [tab, setTab] = useState<"invoice" | "credit_note">("invoice");
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<DocRef | null>(null);
  return (
    <>
      <PageHeader
        title={t`Invoices`}
        subtitle={business?.name}
        actions={
          <Button variant="contained" onClick={() => setCreating(true)}>
            <Trans>New invoice</Trans>
          </Button>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
        <Tabs value={tab} onChange={(_e, v: "invoice" | "credit_note") => setTab(v)}>
          <Tab value="invoice" label={t`Invoices`} />
          <Tab value="credit_note" label={t`Credit notes`} />
        </Tabs>
      </Box>
      <DocumentsList key={tab} type={tab} onOpen={setOpen} />
      {creating && (
        <DocumentDialog
          type="invoice"
          onClose={() => setCreating(false)}
          onSaved={(d) => setOpen({ type: "invoice", id: d._id })}
        />
      )}
      <DocumentDrawer docRef={open} onClose={() => setOpen(null)} onOpen={setOpen} />
    </>
  );
}
