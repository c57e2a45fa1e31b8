/**
 * A search text as a LIKE/ILIKE pattern that finds it anywhere ("%text%"), the text's own `%`,
 * `_` and `\` taken literally (PostgreSQL's default escape character is the backslash).
 */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
