import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetDeviceKeyCache } from "../lib/device-key.ts";
import { decryptJson, PERSIST_VERSION, STORAGE_KEY, type Envelope } from "../lib/encrypted-storage.ts";
import { loginSuccess } from "../lib/session/session-slice.ts";
import { createStore, restorable, type PersistedState } from "./store.ts";

// Issue 33, item 7: the stored session carries its persistence version (spec section 9: 1),
// inside the encrypted state as well as on the envelope, and a state of another version is
// not restored (the app starts empty, spec section 8).

beforeEach(() => {
  localStorage.clear();
  resetDeviceKeyCache();
});

const user = { token: "t0k3n", isAdmin: true, details: { _id: "u1", username: "owner" } };

async function stored(): Promise<{ envelope: Envelope; state: PersistedState }> {
  await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).not.toBeNull());
  const envelope = JSON.parse(localStorage.getItem(STORAGE_KEY)!) as Envelope;
  return { envelope, state: await decryptJson<PersistedState>(envelope) };
}

describe("the stored session's version", () => {
  it("is 1 on the envelope and in the state", async () => {
    const store = createStore();
    store.dispatch(loginSuccess(user as never));
    const { envelope, state } = await stored();
    expect(PERSIST_VERSION).toBe(1);
    expect(envelope.v).toBe(1);
    expect(state.v).toBe(1);
    expect(state).toHaveProperty("session");
    expect(state).toHaveProperty("business");
    expect(state).toHaveProperty("accessKey");
  });

  it("a state of version 1 (or saved before the version was kept inside) is restored", () => {
    const session = { user: user as never, loading: false, error: null };
    expect(restorable({ v: 1, session })).toEqual({ session });
    expect(restorable({ session } as Partial<PersistedState>)).toEqual({ session });
  });

  it("a state of another version is not restored: empty, logged", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const session = { user: user as never, loading: false, error: null };
    expect(restorable({ v: 2, session } as unknown as Partial<PersistedState>)).toBeNull();
    expect(error).toHaveBeenCalled();
    expect(restorable(null)).toBeNull();
    error.mockRestore();
  });
});
