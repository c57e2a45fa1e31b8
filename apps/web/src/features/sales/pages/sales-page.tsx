import { SalesRegister } from "../components/sales-register.tsx";

/** /sales: the business's retail sales. */
export default function SalesPage() {
  return <SalesRegister channel="retail" />;
}
