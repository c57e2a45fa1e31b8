import { type BusinessSettings } from "@app/shared/business/business";
/** The business's name and type, editable by the owner. */
export declare function BusinessDetailsCard({ business }: {
    business: BusinessSettings;
}): import("react").JSX.Element;
