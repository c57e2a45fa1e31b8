import { CreditDetail } from "../components/credit-detail.tsx";

/** /credit-wholesales/{id} (spec section 2 "Credit Sale Details"). */
export default function CreditWholesaleDetailPage() {
  return <CreditDetail channel="wholesale" />;
}
