import { CreditList } from "../components/credit-list.tsx";

/** /sales/creditWholesale (spec section 2). */
export default function CreditWholesalesPage() {
  return <CreditList channel="wholesale" />;
}
