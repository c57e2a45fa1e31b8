import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReasonDialog } from "./reason-dialog.tsx";

afterEach(cleanup);

function open(onConfirm: (reason: string) => Promise<void>) {
  const onClose = vi.fn();
  render(
    <ReasonDialog
      id="t"
      title="Decline Amina's request?"
      confirmLabel="Decline"
      busy={false}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>Call the guest.</p>
    </ReasonDialog>,
  );
  return onClose;
}

describe("a step asked for with an optional reason", () => {
  it("sends the reason trimmed, then closes", async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const onClose = open(onConfirm);
    fireEvent.change(screen.getByRole("textbox", { name: "Reason (optional)" }), { target: { value: "  Full  " } });
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalledWith("Full");
  });

  it("shows the server's refusal and stays open; Keep it closes without sending", async () => {
    const onConfirm = vi.fn(() =>
      Promise.reject({ status: 409, data: { error: { code: "CONFLICT", message: "Already confirmed" } } }),
    );
    const onClose = open(onConfirm);
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Already confirmed")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Keep it" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
