/** A route whose page later work will build: says so plainly, pretends nothing. */
export declare function NotAvailablePage({ title }: {
    title: string;
}): import("react").JSX.Element;
