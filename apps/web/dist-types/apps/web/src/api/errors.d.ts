/** The message and field errors of a failed RTK Query call, for toasts and form fields. */
export declare function describeError(error: unknown): {
    message: string;
    fields: Record<string, string>;
};
