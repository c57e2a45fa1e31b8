/** Formats integer cents as KES, e.g. 123456 -> "Ksh 1,234.56". */
export declare function formatKES(cents: number): string;
/** Parses a typed shilling amount ("1,234.5") into cents without floating-point drift. */
export declare function parseKES(text: string): number | null;
/** Cents as a plain shilling amount for files: 123450 -> "1234.50". */
export declare function formatCentsPlain(cents: number): string;
