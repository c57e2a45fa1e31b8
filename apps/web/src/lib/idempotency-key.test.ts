import { afterEach, describe, expect, it, vi } from "vitest";
import { newIdempotencyKey, newUuid } from "./idempotency-key.ts";

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newUuid / newIdempotencyKey", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("makes version-4 UUIDs, a new one each time", () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(V4);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("builds them from getRandomValues where randomUUID is missing (a till on plain http)", () => {
    const real = globalThis.crypto;
    const getRandomValues = vi.fn((a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a));
    vi.stubGlobal("crypto", { getRandomValues, randomUUID: undefined });
    const keys = Array.from({ length: 200 }, newUuid);
    expect(getRandomValues).toHaveBeenCalledTimes(200);
    for (const key of keys) expect(key).toMatch(V4);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("sets the version and variant bits whatever the random bytes", () => {
    vi.stubGlobal("crypto", { getRandomValues: <T extends Uint8Array>(a: T) => a.fill(0xff) });
    expect(newUuid()).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
    vi.stubGlobal("crypto", { getRandomValues: <T extends Uint8Array>(a: T) => a.fill(0) });
    expect(newUuid()).toBe("00000000-0000-4000-8000-000000000000");
  });
});
