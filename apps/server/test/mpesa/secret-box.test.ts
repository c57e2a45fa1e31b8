import { describe, expect, it } from "vitest";
import { SecretBox } from "../../src/platform/secret-box.ts";

const KEY = "k".repeat(40);

describe("the secret box (AES-256-GCM) that keeps businesses' M-Pesa credentials", () => {
  it("opens what it sealed, with a fresh IV each time", () => {
    const box = new SecretBox(KEY);
    const a = box.seal("passkey-123", "business-1");
    expect(a).not.toBe(box.seal("passkey-123", "business-1"));
    expect(a).not.toContain("passkey");
    expect(box.open(a, "business-1")).toBe("passkey-123");
  });
  it("refuses a box moved to another business, altered, or opened with another key", () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal("passkey-123", "business-1");
    expect(() => box.open(sealed, "business-2")).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered!!!").toString("base64url");
    expect(() => box.open(parts.join("."), "business-1")).toThrow();
    expect(() => new SecretBox("x".repeat(40)).open(sealed, "business-1")).toThrow();
    expect(() => new SecretBox("short")).toThrow();
  });
});
