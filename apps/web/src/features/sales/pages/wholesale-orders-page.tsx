import { SalesRegister } from "../components/sales-register.tsx";

/** /wholesaleOrders: the business's wholesale orders, with a link to the credit wholesales. */
export default function WholesaleOrdersPage() {
  return <SalesRegister channel="wholesale" />;
}
