import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ownerStore, stubApi } from "../../test/test-api.ts";
import { AccountSecurityCard } from "./account-security-card.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(canChangePassword = true) {
  render(
    <Provider store={ownerStore()}>
      <AccountSecurityCard canChangePassword={canChangePassword} />
      <ToastContainer />
    </Provider>,
  );
}
const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const posts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([req]) => req as Request).filter((r) => r.method === "POST");

describe("the owner's password and devices in Settings", () => {
  it("checks the form before sending: a short password, two that differ, a missing current one", async () => {
    const fetch = stubApi({});
    show();
    fill(/^New password \*/, "short");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("At least 8 characters")).toBeTruthy();
    expect(screen.getByText("Required")).toBeTruthy();
    fill(/^Current password/, "secret123");
    fill(/^New password \*/, "longer-secret-1");
    fill(/^New password again/, "longer-secret-2");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("The two new passwords differ")).toBeTruthy();
    expect(posts(fetch)).toEqual([]);
  });

  it("says so on the field when the current password is wrong, and clears the form once changed", async () => {
    let attempt = 0;
    const fetch = stubApi({
      "POST /api/auth/password": () =>
        ++attempt === 1
          ? {
              __status: 400,
              error: {
                code: "VALIDATION_ERROR",
                message: "Invalid input: currentPassword",
                fields: { currentPassword: "This is not your current password" },
              },
            }
          : null,
    });
    show();
    fill(/^Current password/, "wrong-one");
    fill(/^New password \*/, "longer-secret-1");
    fill(/^New password again/, "longer-secret-1");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("This is not your current password")).toBeTruthy();
    fill(/^Current password/, "secret123");
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Password changed. Your other devices were signed out.")).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveProperty("value", ""));
    expect(await posts(fetch).at(-1)!.json()).toEqual({ currentPassword: "secret123", newPassword: "longer-secret-1" });
  });

  it("signs out the other devices only after asking, and says how many", async () => {
    const fetch = stubApi({ "POST /api/auth/logoutOthers": () => ({ ended: 2 }) });
    show(false);
    expect(screen.queryByRole("button", { name: "Change password" })).toBeNull(); // staff change theirs elsewhere
    fireEvent.click(screen.getByRole("button", { name: "Sign out other devices" }));
    expect(posts(fetch)).toEqual([]);
    fireEvent.click(await screen.findByRole("button", { name: "Sign out others" }));
    expect(await screen.findByText("2 other devices were signed out.")).toBeTruthy();
    expect(posts(fetch).map((r) => new URL(r.url).pathname)).toEqual(["/api/auth/logoutOthers"]);
  });
});
