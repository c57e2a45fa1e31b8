import { CreditList } from "../components/credit-list.tsx";

/** /sales/creditSales: the retail twin of Credit Wholesales. */
export default function CreditSalesPage() {
  return <CreditList channel="retail" />;
}
