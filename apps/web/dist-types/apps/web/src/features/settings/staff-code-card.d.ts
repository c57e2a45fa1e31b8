import type { BusinessSettings } from "@app/shared/business/business";
/** The code staff enter once to pair a device; the owner can rotate it. */
export declare function StaffCodeCard({ business }: {
    business: BusinessSettings;
}): import("react").JSX.Element;
