import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetDeviceKeyCache } from "./device-key.ts";
import { loadEncrypted, saveEncrypted, STORAGE_KEY } from "./encrypted-storage.ts";

beforeEach(() => {
  localStorage.clear();
  resetDeviceKeyCache();
});

const state = { session: { token: "t0k3n", isAdmin: true }, business: { id: "b1" }, accessKey: { type: "adminKey" } };

describe("encrypted persistence", () => {
  it("round-trips, and what is stored is neither plain text nor the key", async () => {
    await saveEncrypted(state);
    const raw = localStorage.getItem(STORAGE_KEY)!;
    expect(raw).not.toContain("t0k3n");
    expect(JSON.parse(raw)).toMatchObject({ v: 1 });
    resetDeviceKeyCache(); // a reload: the key comes back from IndexedDB
    expect(await loadEncrypted()).toEqual(state);
  });

  it("uses a fresh IV each time", async () => {
    await saveEncrypted(state);
    const first = localStorage.getItem(STORAGE_KEY);
    await saveEncrypted(state);
    expect(localStorage.getItem(STORAGE_KEY)).not.toBe(first);
  });

  it("falls back to an empty state, logged, when the data was tampered with", async () => {
    await saveEncrypted(state);
    const envelope = JSON.parse(localStorage.getItem(STORAGE_KEY)!);
    envelope.data = envelope.data.slice(0, -4) + "AAAA";
    localStorage.setItem(STORAGE_KEY, JSON.stringify(envelope));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await loadEncrypted()).toBeNull();
    expect(error).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    error.mockRestore();
  });

  it("does not read another persistence version", async () => {
    await saveEncrypted(state);
    const envelope = JSON.parse(localStorage.getItem(STORAGE_KEY)!);
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...envelope, v: 2 }));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await loadEncrypted()).toBeNull();
    error.mockRestore();
  });

  it("garbage in storage is an empty state, not a crash", async () => {
    localStorage.setItem(STORAGE_KEY, "{not json");
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await loadEncrypted()).toBeNull();
    error.mockRestore();
  });

  it("the device key cannot be exported", async () => {
    const { getDeviceKey } = await import("./device-key.ts");
    const key = await getDeviceKey();
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("raw", key)).rejects.toBeDefined();
  });
});
