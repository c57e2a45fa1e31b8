import type { ReactNode } from "react";
/** The centred card the public pages share. */
export declare function PublicFrame({ title, subtitle, children, width }: {
    title: string;
    subtitle?: string;
    children: ReactNode;
    width?: number;
}): import("react").JSX.Element;
