import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Button } from "@mui/material";
import { Link, useParams, useSearchParams } from "react-router";
import { mayManageSales } from "@app/shared/permissions/sales";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import { SaleEditForm } from "../components/sale-edit-form.tsx";
import { useGetSaleQuery } from "../sales-api.ts";

/** /saleupdate/{saleId} (?channel=wholesale for an order): edit a sale's lines and payments. */
export default function SaleUpdatePage() {
  const { saleId = "" } = useParams();
  const [params] = useSearchParams();
  const channel = params.get("channel") === "wholesale" ? "wholesale" : "retail";
  const user = useAppSelector((s) => s.session.user);
  const tz = useAppSelector((s) => s.business.current?.timeZone);
  const { data: sale, isLoading, isError, error } = useGetSaleQuery({ channel, id: saleId });
  const backTo = channel === "wholesale" ? "/wholesaleOrders" : "/sales";
  const wholesale = channel === "wholesale";
  const back = (
    <Button component={Link} to={backTo} variant="outlined">
      <Trans>Go Back</Trans>
    </Button>
  );
  if (isLoading) return <FullPageSpinner />;
  if (isError || !sale) {
    const { message } = describeError(error);
    return (
      <>
        <PageHeader title={wholesale ? t`Update Order` : t`Update Sale`} actions={back} />
        <Alert severity="error">
          {(error as { status?: number })?.status === 404
            ? wholesale
              ? t`Order not found`
              : t`Sale not found`
            : message}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={wholesale ? t`Update Order #${sale.saleNumber}` : t`Update Sale #${sale.saleNumber}`}
        subtitle={t`${formatDateTime(sale.createdAt, tz)} · served by ${sale.servedBy}`}
        actions={back}
      />
      {user && !mayManageSales(user) ? (
        <Alert severity="warning">
          <Trans>Only the owner or a Manager can edit sales.</Trans>
        </Alert>
      ) : sale.status === "voided" ? (
        <Alert severity="warning">
          {wholesale
            ? t`This order is voided. Restore it from the void orders before editing it.`
            : t`This sale is voided. Restore it from the void sales before editing it.`}
        </Alert>
      ) : (
        <SaleEditForm key={sale._id + sale.updatedAt} sale={sale} backTo={backTo} />
      )}
    </>
  );
}
