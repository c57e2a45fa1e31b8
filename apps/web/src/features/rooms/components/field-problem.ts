/** What a save of the hotel's forms failed with: a message, and the fields the server named. */
export type FieldProblem = { message: string; fields: Record<string, string> } | null;

/** A text field's error state and helper text for one field of the problem. */
export const fieldError = (error: FieldProblem, key: string) => ({
  error: Boolean(error?.fields[key]),
  helperText: error?.fields[key],
});
