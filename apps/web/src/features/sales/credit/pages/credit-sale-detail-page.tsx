import { CreditDetail } from "../components/credit-detail.tsx";

/** /credit-sales/{id}: the retail twin of Credit Sale Details. */
export default function CreditSaleDetailPage() {
  return <CreditDetail channel="retail" />;
}
