import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import type { Client } from "@app/shared/sales-documents/client";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { ClientForm } from "../components/client-form.tsx";
import {
  useCreateClientMutation,
  useDeleteClientMutation,
  useListClientsQuery,
  useUpdateClientMutation,
} from "../documents-api.ts";

/** /client/newClient: add a business client (for invoices and quotations), and keep the list of clients. */
export default function NewClientPage() {
  const business = useAppSelector((s) => s.business.current);
  const {
    data: clients = [],
    isLoading,
    isError,
  } = useListClientsQuery({ businessId: business?._id ?? "" }, { skip: !business });
  const [create, { isLoading: creating }] = useCreateClientMutation();
  const [update, { isLoading: updating }] = useUpdateClientMutation();
  const [remove, { isLoading: removing }] = useDeleteClientMutation();
  const [editing, setEditing] = useState<Client | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  return (
    <>
      <PageHeader
        title={t`New Client`}
        subtitle={business?.name}
        actions={
          <Button component={Link} to={pathTo("/invoices")} variant="outlined">
            <Trans>Invoices</Trans>
          </Button>
        }
      />
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <ClientForm
            busy={creating}
            submitLabel={t`Add client`}
            onSubmit={async (v) => {
              const c = await create({ businessId: business!._id, ...v }).unwrap();
              toast.success(t`${c.companyName} added`);
            }}
          />
        </CardContent>
      </Card>
      <Typography variant="h6" gutterBottom>
        <Trans>Clients</Trans>
      </Typography>
      {isError && <Alert severity="error">{t`The clients could not be loaded.`}</Alert>}
      {!isLoading && clients.length === 0 && (
        <Typography color="text.secondary">
          <Trans>No clients yet. Add the companies you send invoices and quotations to.</Trans>
        </Typography>
      )}
      {clients.length > 0 && (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" data-testid="clients">
            <TableHead>
              <TableRow>
                <TableCell>{t`Company`}</TableCell>
                <TableCell>{t`KRA PIN`}</TableCell>
                <TableCell>{t`Contact`}</TableCell>
                <TableCell>{t`Address`}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {clients.map((c) => (
                <TableRow key={c._id}>
                  <TableCell sx={{ fontWeight: 600 }}>{c.companyName}</TableCell>
                  <TableCell>{c.kraPin ?? "-"}</TableCell>
                  <TableCell>{[c.contactName, c.phone, c.email].filter(Boolean).join(", ") || "-"}</TableCell>
                  <TableCell>{c.address ?? "-"}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>
                    <Button size="small" onClick={() => setEditing(c)}>
                      <Trans>Edit</Trans>
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(c)}>
                      <Trans>Remove</Trans>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <ResponsiveDialog open={Boolean(editing)} onClose={() => setEditing(null)} fullWidth maxWidth="md">
        <DialogTitle>{t`Edit ${editing?.companyName ?? ""}`}</DialogTitle>
        <DialogContent>
          {editing && (
            <Box sx={{ pt: 1 }}>
              <ClientForm
                client={editing}
                busy={updating}
                submitLabel={t`Save`}
                onCancel={() => setEditing(null)}
                onSubmit={async (v) => {
                  await update({ id: editing._id, body: v }).unwrap();
                  toast.success(t`Client saved`);
                  setEditing(null);
                }}
              />
            </Box>
          )}
        </DialogContent>
      </ResponsiveDialog>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t`Remove ${deleting?.companyName ?? ""}?`}
        text={t`They leave the list of clients. Invoices already made out to them keep their details.`}
        confirmLabel={t`Remove`}
        busy={removing}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          void remove(deleting!._id)
            .unwrap()
            .then(() => (toast.success(t`Client removed`), setDeleting(null)))
            .catch((err: unknown) => toast.error(describeError(err).message))
        }
      />
    </>
  );
}
