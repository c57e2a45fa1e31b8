import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { CreditStatusBadge } from "../../../components/credit-status-badge.tsx";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { RecordMissing } from "../../../components/record-missing.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { DeliveryForm } from "../components/delivery-form.tsx";
import { EditSupplyDialog } from "../components/edit-supply-dialog.tsx";
import { useGetSupplierQuery, useListSuppliesQuery } from "../supplies-api.ts";

const PAGE = 10;

/** /editSupplies/{supplierId}: record a delivery from this supplier, and correct earlier ones. */
export default function EditSuppliesPage() {
  const { supplierId = "" } = useParams();
  const business = useAppSelector((s) => s.business.current);
  const supplier = useGetSupplierQuery(supplierId);
  const [page, setPage] = useState(0);
  const supplies = useListSuppliesQuery(
    { businessId: business?._id ?? "", supplierId, page, pageSize: PAGE },
    { skip: !business, refetchOnMountOrArgChange: true },
  );
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = supplies.data?.items.find((s) => s._id === editingId) ?? null;
  const back = (
    <Button component={Link} to={pathTo("/supplier/:supplierId", { supplierId })} variant="outlined">
      <Trans>Go Back</Trans>
    </Button>
  );
  if (supplier.isLoading) return <FullPageSpinner />;
  if (!supplier.data || !business)
    return (
      <RecordMissing title={t`Edit Supplies`} back={back} error={supplier.error} notFound={t`Supplier not found`} />
    );
  const s = supplier.data;
  const total = supplies.data?.total ?? 0;
  return (
    <>
      <PageHeader title={t`Edit Supplies`} subtitle={s.name} actions={back} />
      {s.archived ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          <Trans>This supplier is archived: no new deliveries can be recorded.</Trans>
        </Alert>
      ) : (
        <Card variant="outlined" sx={{ mb: 3 }}>
          <CardHeader title={t`New delivery from ${s.name}`} />
          <CardContent sx={{ pt: 0 }}>
            <DeliveryForm businessId={business._id} supplierId={s._id} onSaved={() => setPage(0)} />
          </CardContent>
        </Card>
      )}
      <Card variant="outlined">
        <CardHeader title={t`Deliveries from ${s.name}`} subheader={t`Correct a delivery's lines, date or notes`} />
        <CardContent sx={{ pt: 0 }}>
          {supplies.isError && <Alert severity="error">{describeError(supplies.error).message}</Alert>}
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" sx={{ minWidth: 640 }} data-testid="supplier-deliveries">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Trans>Supply</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Date</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Lines</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Total</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Balance</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Status</Trans>
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {supplies.data?.items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7} sx={{ color: "text.secondary" }}>
                      <Trans>No deliveries from this supplier yet.</Trans>
                    </TableCell>
                  </TableRow>
                )}
                {supplies.data?.items.map((r) => (
                  <TableRow key={r._id}>
                    <TableCell>#{r.supplyNumber}</TableCell>
                    <TableCell>{formatDate(r.suppliedAt, business.timeZone)}</TableCell>
                    <TableCell>
                      {[
                        ...r.products.map((p) => `${p.quantity} × ${p.name}`),
                        ...r.commodities.map((c) => `${c.quantity} ${c.unit} ${c.name}`),
                      ].join(", ")}
                    </TableCell>
                    <TableCell align="right">{formatKES(r.total)}</TableCell>
                    <TableCell align="right">{formatKES(r.balance)}</TableCell>
                    <TableCell>{r.creditStatus ? <CreditStatusBadge status={r.creditStatus} /> : t`Paid`}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      <Button size="small" onClick={() => setEditingId(r._id)}>
                        <Trans>Edit</Trans>
                      </Button>
                      <Button size="small" component={Link} to={pathTo("/supplier/credit/:id", { id: r._id })}>
                        <Trans>View</Trans>
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {total > PAGE && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: "center", justifyContent: "flex-end" }}>
              <Typography variant="body2" color="text.secondary">
                <Trans>
                  Page {page + 1} of {Math.ceil(total / PAGE)}
                </Trans>
              </Typography>
              <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
                <Trans>Previous</Trans>
              </Button>
              <Button size="small" disabled={(page + 1) * PAGE >= total} onClick={() => setPage(page + 1)}>
                <Trans>Next</Trans>
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
      {editing && <EditSupplyDialog key={editing._id} supply={editing} onClose={() => setEditingId(null)} />}
    </>
  );
}
