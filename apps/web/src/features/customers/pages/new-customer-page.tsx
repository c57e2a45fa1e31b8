import { t } from "@lingui/core/macro";
import { NewPartyPage } from "../../../components/new-party-page.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { CustomerForm, valuesOf, type CustomerFormBody } from "../components/customer-form.tsx";
import { useCreateCustomerMutation } from "../customers-api.ts";

/** /customers/new: a customer record (customers do not sign in). */
export default function NewCustomerPage() {
  const [create, { isLoading }] = useCreateCustomerMutation();
  return (
    <NewPartyPage
      title={t`New customer`}
      listPath={pathTo("/customers")}
      create={(businessId, body: CustomerFormBody) => create({ businessId, ...body }).unwrap()}
      pathOf={(customer) => pathTo("/customers/:customerId", { customerId: customer._id })}
      form={(save) => (
        <CustomerForm initial={valuesOf(null)} submitLabel={t`Add customer`} busy={isLoading} onSubmit={save} />
      )}
    />
  );
}
