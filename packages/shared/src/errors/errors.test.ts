import { describe, expect, it } from "vitest";
import { apiErrorSchema } from "./api-error-schema.ts";
import { errorMessageOf, isApiError } from "./error-body.ts";

const good = { error: { code: "NOT_FOUND", message: "No such sale" } };
const BODIES: unknown[] = [
  good,
  { error: { code: "VALIDATION_ERROR", message: "Check the form", fields: { phone: "Enter 10 digits" } } },
  { error: { code: "X", message: "m", fields: {} } },
  { error: { code: "X", message: "m", fields: undefined } },
  { error: { code: "X", message: "m", extra: 1 }, other: true },
  { error: { code: "X", message: "m", fields: { a: 1 } } },
  { error: { code: "X", message: "m", fields: null } },
  { error: { code: "X", message: "m", fields: ["a"] } },
  { error: { code: "X", message: "m", fields: "a" } },
  { error: { code: 1, message: "m" } },
  { error: { code: "X" } },
  { error: { message: "m" } },
  { error: { code: "X", message: null } },
  { error: [] },
  { error: null },
  { error: "boom" },
  [good],
  {},
  [],
  null,
  undefined,
  "Internal Server Error",
  42,
];

describe("errorMessageOf", () => {
  it.each(BODIES.map((b) => [JSON.stringify(b) ?? String(b), b]))("agrees with apiErrorSchema on %s", (_, body) => {
    expect(isApiError(body)).toBe(apiErrorSchema.safeParse(body).success);
  });

  it("reads the message, else the fallback", () => {
    expect(errorMessageOf(good)).toBe("No such sale");
    expect(errorMessageOf("<html>", "The products could not be loaded")).toBe("The products could not be loaded");
    expect(errorMessageOf(null)).toBe("Something went wrong. Please try again.");
  });
});
