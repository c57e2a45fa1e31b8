import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Paper } from "@mui/material";
import { Link, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { CustomerForm, valuesOf, type CustomerFormBody } from "../components/customer-form.tsx";
import { useCreateCustomerMutation } from "../customers-api.ts";

/** /customers/new: a customer record (customers do not sign in). */
export default function NewCustomerPage() {
  const business = useAppSelector((s) => s.business.current);
  const navigate = useNavigate();
  const [create, { isLoading }] = useCreateCustomerMutation();
  async function save(body: CustomerFormBody) {
    if (!business) return;
    try {
      const customer = await create({ businessId: business._id, ...body }).unwrap();
      toast.success(t`${customer.name} added`);
      void navigate(pathTo("/customers/:customerId", { customerId: customer._id }), { replace: true });
    } catch (err) {
      const { message, fields } = describeError(err);
      toast.error(message);
      return fields;
    }
  }
  return (
    <>
      <PageHeader
        title={t`New customer`}
        subtitle={business?.name}
        actions={
          <Button component={Link} to={pathTo("/customers")} variant="outlined">
            <Trans>Go Back</Trans>
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 900 }}>
        <CustomerForm initial={valuesOf(null)} submitLabel={t`Add customer`} busy={isLoading} onSubmit={save} />
      </Paper>
    </>
  );
}
