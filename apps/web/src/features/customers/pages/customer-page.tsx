import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Button, Chip } from "@mui/material";
import { Link, useParams } from "react-router";
import { formatKES } from "@app/shared/money/money";
import { useAppSelector } from "../../../app/hooks.ts";
import { Figure, FiguresCard } from "../../../components/figures.tsx";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PartyEditDialogs, usePartyEditing } from "../../../components/party-editing.tsx";
import { RecordMissing } from "../../../components/record-missing.tsx";
import { StatementCard } from "../../../components/statement-card.tsx";
import { SendReceiptButton } from "../../../components/send-receipt-dialog.tsx";
import { useStatementSending } from "../../messages/messages-api.ts";
import { formatDateTime } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { CustomerForm, valuesOf, type CustomerFormBody } from "../components/customer-form.tsx";
import {
  useCustomerStatementQuery,
  useDeleteCustomerMutation,
  useGetCustomerQuery,
  useUpdateCustomerMutation,
} from "../customers-api.ts";

/** /customers/{customerId}: details, credit limit, and the statement (every credit sale and payment), printable as PDF. */
export default function CustomerPage() {
  const { customerId = "" } = useParams();
  const business = useAppSelector((s) => s.business.current);
  const isOwner = useAppSelector((s) => Boolean(s.session.user?.isAdmin));
  const customer = useGetCustomerQuery(customerId, { refetchOnMountOrArgChange: true });
  const statement = useCustomerStatementQuery(customerId, { refetchOnMountOrArgChange: true });
  const [update, updating] = useUpdateCustomerMutation();
  const [remove, removing] = useDeleteCustomerMutation();
  const statementSending = useStatementSending(business?._id ?? "", customerId);
  const editing = usePartyEditing({
    update: (body: CustomerFormBody) => update({ id: customerId, body }).unwrap(),
    remove: async () => {
      const res = await remove(customerId).unwrap();
      return { deleted: res.deleted, name: res.customer.name };
    },
    archivedText: (res) => t`${res.name} archived: they have sales`,
    listPath: pathTo("/customers"),
  });
  const back = (
    <Button component={Link} to={pathTo("/customers")} variant="outlined">
      <Trans>Go Back</Trans>
    </Button>
  );
  if (customer.isLoading) return <FullPageSpinner />;
  const c = customer.data;
  if (!c)
    return <RecordMissing title={t`Customer`} back={back} error={customer.error} notFound={t`Customer not found`} />;
  const tz = business?.timeZone;

  return (
    <>
      <PageHeader
        title={c.name}
        subtitle={formatKenyanPhone(c.phone)}
        actions={
          <>
            {back}
            <Button variant="contained" onClick={() => editing.setEditing(true)}>
              <Trans>Edit</Trans>
            </Button>
            {business && (
              <SendReceiptButton
                statement
                variant="outlined"
                sending={statementSending}
                summary={{ businessName: business.name, number: c.name, total: "" }}
                defaultPhone={c.phone}
              />
            )}
            {isOwner && !c.archived && (
              <Button color="error" variant="outlined" onClick={() => editing.setConfirming(true)}>
                <Trans>Delete</Trans>
              </Button>
            )}
          </>
        }
      />
      {c.archived && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Trans>This customer is archived: kept with their sales, but not offered at the till.</Trans>
        </Alert>
      )}
      <FiguresCard>
        <Figure label={t`Balance owed`} testId="customer-balance">
          {formatKES(c.balance)}
        </Figure>
        <Figure label={t`Credit limit`} testId="customer-limit">
          {c.creditLimit === null ? t`No limit` : formatKES(c.creditLimit)}
        </Figure>
        <Figure label={t`Last purchase`}>{c.lastPurchaseAt ? formatDateTime(c.lastPurchaseAt, tz) : t`Never`}</Figure>
        <Figure label={t`Status`}>
          {c.creditLimit !== null && c.balance > c.creditLimit ? (
            <Chip size="small" color="error" label={t`Over the limit`} />
          ) : c.balance > 0 ? (
            <Chip size="small" color="warning" label={t`Owes`} />
          ) : (
            <Chip size="small" color="success" label={t`Nothing owed`} />
          )}
        </Figure>
        <Figure label={t`Phone`}>{formatKenyanPhone(c.phone)}</Figure>
        <Figure label={t`Email`}>{c.email}</Figure>
        <Figure label={t`Address`}>{c.address}</Figure>
        <Figure label={t`Notes`}>{c.notes}</Figure>
      </FiguresCard>
      <StatementCard
        statement={statement}
        subheader={t`Every credit sale and payment, oldest first, with the running balance`}
        pdfUrl={`/api/customers/${customerId}/statement/pdf`}
        pdfName={`statement-${c.phone}.pdf`}
        loadingText={t`Loading the statement…`}
        timeZone={tz}
        empty={t`No credit sales yet.`}
        testId="customer-statement"
        linkOf={(l) =>
          l.reference.startsWith("Order")
            ? pathTo("/credit-wholesales/:id", { id: l.refId })
            : pathTo("/credit-sales/:id", { id: l.refId })
        }
      />
      <PartyEditDialogs
        editing={editing}
        name={c.name}
        form={
          <CustomerForm
            initial={valuesOf(c)}
            submitLabel={t`Save`}
            busy={updating.isLoading}
            onSubmit={editing.save}
            onCancel={() => editing.setEditing(false)}
          />
        }
        deleteText={t`A customer who never bought anything is deleted. One with sales is archived instead: kept with their statement, no longer offered at the till.`}
        removing={removing.isLoading}
      />
    </>
  );
}
