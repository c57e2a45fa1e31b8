import { BUSINESS_TYPES } from "@app/shared/business/business";
export declare const BUSINESS_TYPE_LABELS: Record<(typeof BUSINESS_TYPES)[number], string>;
/** Registers a business and its owner, then signs the owner in on this device. */
export declare function RegisterBusinessForm(): import("react").JSX.Element;
