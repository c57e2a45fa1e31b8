import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Paper } from "@mui/material";
import { Link, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { SupplierForm, supplierValuesOf, type SupplierFormValues } from "../components/supplier-form.tsx";
import { useCreateSupplierMutation } from "../supplies-api.ts";

/** /supplier/newsupplier: someone the business buys from. */
export default function NewSupplierPage() {
  const business = useAppSelector((s) => s.business.current);
  const navigate = useNavigate();
  const [create, { isLoading }] = useCreateSupplierMutation();
  async function save(values: SupplierFormValues) {
    if (!business) return;
    try {
      const supplier = await create({ businessId: business._id, ...values }).unwrap();
      toast.success(t`${supplier.name} added`);
      void navigate(pathTo("/supplier/:supplierId", { supplierId: supplier._id }), { replace: true });
    } catch (err) {
      const { message, fields } = describeError(err);
      toast.error(message);
      return fields;
    }
  }
  return (
    <>
      <PageHeader
        title={t`New supplier`}
        subtitle={business?.name}
        actions={
          <Button component={Link} to={pathTo("/supplier")} variant="outlined">
            <Trans>Go Back</Trans>
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 900 }}>
        <SupplierForm initial={supplierValuesOf(null)} submitLabel={t`Add supplier`} busy={isLoading} onSubmit={save} />
      </Paper>
    </>
  );
}
