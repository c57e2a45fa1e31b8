/** The sidebar entries of spec section 2, as the shared rules of section 6 decide. */
export declare function SidebarMenu(): import("react").JSX.Element | null;
