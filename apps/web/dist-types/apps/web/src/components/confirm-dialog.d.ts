/** Asks before a destructive or disruptive action. */
export declare function ConfirmDialog(props: {
    open: boolean;
    title: string;
    text: string;
    confirmLabel: string;
    onConfirm: () => void;
    onClose: () => void;
    busy?: boolean;
}): import("react").JSX.Element;
