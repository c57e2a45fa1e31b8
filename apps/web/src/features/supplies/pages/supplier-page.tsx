import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, CardHeader, Typography } from "@mui/material";
import { Link, useParams } from "react-router";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { Figure, FiguresCard } from "../../../components/figures.tsx";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PartyEditDialogs, usePartyEditing } from "../../../components/party-editing.tsx";
import { RecordMissing } from "../../../components/record-missing.tsx";
import { StatementCard } from "../../../components/statement-card.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { CommoditiesTable } from "../components/commodities-table.tsx";
import { SupplierForm, supplierValuesOf, type SupplierFormValues } from "../components/supplier-form.tsx";
import { SuppliesGrid } from "../components/supplies-grid.tsx";
import {
  useCommodityLogQuery,
  useDeleteSupplierMutation,
  useGetSupplierQuery,
  useSupplierStatementQuery,
  useUpdateSupplierMutation,
} from "../supplies-api.ts";

/** /supplier/{supplierId}: details, supply history, commodities bought, and the statement (PDF too). */
export default function SupplierPage() {
  const { supplierId = "" } = useParams();
  const business = useAppSelector((s) => s.business.current);
  const isOwner = useAppSelector((s) => Boolean(s.session.user?.isAdmin));
  const supplier = useGetSupplierQuery(supplierId, { refetchOnMountOrArgChange: true });
  const statement = useSupplierStatementQuery(supplierId, { refetchOnMountOrArgChange: true });
  const commodities = useCommodityLogQuery(supplierId, { refetchOnMountOrArgChange: true });
  const [update, updating] = useUpdateSupplierMutation();
  const [remove, removing] = useDeleteSupplierMutation();
  const editing = usePartyEditing({
    update: async (values: SupplierFormValues) => {
      await update({ id: supplierId, body: values }).unwrap();
      return values;
    },
    remove: async () => {
      const res = await remove(supplierId).unwrap();
      return { deleted: res.deleted, name: res.supplier.name };
    },
    archivedText: (res) => t`${res.name} archived: they have supplies`,
    listPath: pathTo("/supplier"),
  });
  const back = (
    <Button component={Link} to={pathTo("/supplier")} variant="outlined">
      <Trans>Go Back</Trans>
    </Button>
  );
  if (supplier.isLoading) return <FullPageSpinner />;
  const s = supplier.data;
  if (!s)
    return <RecordMissing title={t`Supplier`} back={back} error={supplier.error} notFound={t`Supplier not found`} />;
  const tz = business?.timeZone;

  return (
    <>
      <PageHeader
        title={s.name}
        subtitle={s.contactPerson ?? (s.phone ? formatKenyanPhone(s.phone) : undefined)}
        actions={
          <>
            {back}
            {!s.archived && (
              <Button
                variant="contained"
                component={Link}
                to={pathTo("/editSupplies/:supplierId", { supplierId: s._id })}
              >
                <Trans>Record a delivery</Trans>
              </Button>
            )}
            <Button variant="outlined" onClick={() => editing.setEditing(true)}>
              <Trans>Edit</Trans>
            </Button>
            {isOwner && !s.archived && (
              <Button color="error" variant="outlined" onClick={() => editing.setConfirming(true)}>
                <Trans>Delete</Trans>
              </Button>
            )}
          </>
        }
      />
      {s.archived && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Trans>This supplier is archived: kept with their supplies, but no new deliveries can be recorded.</Trans>
        </Alert>
      )}
      <FiguresCard>
        <Figure label={t`We owe`} testId="supplier-balance">
          {formatKES(s.balance)}
        </Figure>
        <Figure label={t`Supplies`}>{String(s.supplies)}</Figure>
        <Figure label={t`Last delivery`}>{s.lastSupplyAt ? formatDate(s.lastSupplyAt, tz) : ""}</Figure>
        <Figure label={t`Phone`}>{s.phone ? formatKenyanPhone(s.phone) : null}</Figure>
        <Figure label={t`Email`}>{s.email}</Figure>
        <Figure label={t`KRA PIN`}>{s.kraPin}</Figure>
        <Figure label={t`Address`}>{s.address}</Figure>
        <Figure label={t`Notes`}>{s.notes}</Figure>
      </FiguresCard>

      <Typography variant="h6" sx={{ mb: 1 }}>
        <Trans>Supply history</Trans>
      </Typography>
      <Box sx={{ mb: 3 }}>
        <SuppliesGrid
          filter={{ supplierId }}
          showSupplier={false}
          testId="supplier-supplies"
          empty={t`No deliveries from this supplier yet.`}
        />
      </Box>

      <StatementCard
        statement={statement}
        subheader={t`Every delivery and payment, oldest first, with what is still owed`}
        pdfUrl={`/api/suppliers/${supplierId}/statement/pdf`}
        pdfName={`statement-${s.name.replace(/[^\w-]+/g, "-")}.pdf`}
        timeZone={tz}
        empty={t`No deliveries yet.`}
        testId="supplier-statement"
        linkOf={(l) => pathTo("/supplier/credit/:id", { id: l.refId })}
        sx={{ mb: 3 }}
      />

      <Card variant="outlined">
        <CardHeader
          title={t`Commodities bought`}
          subheader={t`Things bought from this supplier that are not for sale`}
        />
        <CardContent sx={{ pt: 0 }}>
          {commodities.isError && <Alert severity="error">{describeError(commodities.error).message}</Alert>}
          <Box sx={{ overflowX: "auto" }}>
            <CommoditiesTable
              log
              lines={commodities.data ?? []}
              timeZone={tz}
              empty={t`No commodities bought from this supplier.`}
            />
          </Box>
        </CardContent>
      </Card>

      <PartyEditDialogs
        editing={editing}
        name={s.name}
        form={
          <SupplierForm
            initial={supplierValuesOf(s)}
            submitLabel={t`Save`}
            busy={updating.isLoading}
            onSubmit={editing.save}
            onCancel={() => editing.setEditing(false)}
          />
        }
        deleteText={t`A supplier with no supplies is deleted. One with supplies is archived instead: kept with their history and statement, with no new deliveries.`}
        removing={removing.isLoading}
      />
    </>
  );
}
