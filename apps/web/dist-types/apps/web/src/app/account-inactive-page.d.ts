/** /error: what an inactive account shows (spec section 4). */
export default function AccountInactivePage(): import("react").JSX.Element;
