import type { ReactNode } from "react";
export declare function PageHeader({ title, subtitle, actions }: {
    title: string;
    subtitle?: string;
    actions?: ReactNode;
}): import("react").JSX.Element;
