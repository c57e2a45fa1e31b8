/** /error: what an inactive account shows (spec section 4); its owner can pay a lapsed subscription here and ask support. */
export default function AccountInactivePage(): import("react").JSX.Element;
