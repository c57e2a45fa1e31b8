import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UPDATE_CHECK_MS, watchServiceWorker, type WorkerContainer } from "./service-worker.ts";

/** A stand-in for navigator.serviceWorker: events are dispatched by the test. */
function fakeContainer(controlled: boolean) {
  const target = new EventTarget();
  const update = vi.fn(() => Promise.resolve());
  const register = vi.fn(() => Promise.resolve({ update } as unknown as ServiceWorkerRegistration));
  const container = {
    controller: controlled ? ({} as ServiceWorker) : null,
    addEventListener: target.addEventListener.bind(target),
    register,
  } as unknown as WorkerContainer;
  return {
    container,
    register,
    update,
    takeControl: () => target.dispatchEvent(new Event("controllerchange")),
    message: (data: unknown) => target.dispatchEvent(new MessageEvent("message", { data })),
  };
}

let stop: () => void = () => undefined;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  stop();
  vi.useRealTimers();
});

async function watch(controlled: boolean) {
  const fake = fakeContainer(controlled);
  const reload = vi.fn();
  stop = watchServiceWorker(fake.container, reload);
  await vi.advanceTimersByTimeAsync(0); // registration resolves
  return { ...fake, reload };
}

describe("the service worker client", () => {
  it("registers /sw.js and checks for an update every hour", async () => {
    const { register, update } = await watch(true);
    expect(register).toHaveBeenCalledWith("/sw.js");
    expect(UPDATE_CHECK_MS).toBe(3_600_000);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS - 1);
    expect(update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * UPDATE_CHECK_MS);
    expect(update).toHaveBeenCalledTimes(3);
  });

  it("a failed update check is not an error, and the checks go on", async () => {
    const { update } = await watch(true);
    update.mockImplementationOnce(() => Promise.reject(new Error("offline")));
    await vi.advanceTimersByTimeAsync(2 * UPDATE_CHECK_MS);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it("reloads once when a new worker takes control of a page an older one controlled", async () => {
    const { takeControl, message, reload } = await watch(true);
    takeControl();
    message({ type: "UPDATE_AVAILABLE", version: "b2" }); // the same update: one reload
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads on an UPDATE_AVAILABLE message, even on a page no worker controlled", async () => {
    const { message, reload } = await watch(false);
    message({ type: "SOMETHING_ELSE" });
    message(null);
    expect(reload).not.toHaveBeenCalled();
    message({ type: "UPDATE_AVAILABLE", version: "b2" });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload on the first install, but does on the next version while the page stays open", async () => {
    const { takeControl, reload } = await watch(false);
    takeControl(); // the first worker claims the page
    expect(reload).not.toHaveBeenCalled();
    takeControl(); // a later deployment
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("logs a failed registration", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fake = fakeContainer(false);
    fake.register.mockImplementationOnce(() => Promise.reject(new Error("blocked")));
    stop = watchServiceWorker(fake.container, vi.fn());
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(error).toHaveBeenCalledWith("Service worker registration failed", expect.any(Error));
    expect(fake.update).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
