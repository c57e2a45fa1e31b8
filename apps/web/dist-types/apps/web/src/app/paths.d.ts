/** Every protected route of spec section 2, with the title its page shows. */
export declare const PROTECTED_ROUTES: readonly {
    path: string;
    title: string;
}[];
