import { describe, expect, it } from "vitest";
import { newIdempotencyKey } from "./idempotency-key.ts";

describe("newIdempotencyKey", () => {
  it("is 32 hex digits, within the server's 8 to 200 characters", () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("is new every time", () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
  });
});
