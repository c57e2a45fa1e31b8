import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Message, MessagingStatus } from "@app/shared/messages/messages";
import { SendReceiptDialog, type ReceiptSending } from "./send-receipt-dialog.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ready: MessagingStatus = {
  sms: { configured: true, missing: [], sandbox: false },
  email: { configured: true, missing: [] },
};
const queued = { _id: "m1", status: "queued" } as Message;

function show(status: MessagingStatus | undefined = ready, defaultPhone: string | null = null) {
  const sending: ReceiptSending = {
    status,
    sending: false,
    send: vi.fn(async () => queued),
    link: vi.fn(async () => "https://duka.test/r/abc"),
  };
  const onClose = vi.fn();
  render(
    <SendReceiptDialog
      open
      onClose={onClose}
      sending={sending}
      summary={{ businessName: "Mama Duka", number: "#12", total: "KES 500.00" }}
      defaultPhone={defaultPhone}
    />,
  );
  return { sending, onClose };
}
const phoneField = () => screen.getByTestId("send-phone");
const submit = () => fireEvent.click(screen.getByTestId("send-receipt-submit"));

describe("the send-receipt dialog", () => {
  it.each(["+254 712 345 678", "0712345678", "712 345 678", "254712345678"])(
    "sends by SMS to %s, written as the 10 digits the server takes",
    async (typed) => {
      const { sending, onClose } = show();
      fireEvent.change(phoneField(), { target: { value: typed } });
      submit();
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(sending.send).toHaveBeenCalledWith({ channel: "sms", to: "0712345678" }, expect.any(String));
    },
  );

  it("refuses a number that is not a Kenyan mobile and sends nothing", async () => {
    const { sending } = show();
    fireEvent.change(phoneField(), { target: { value: "0612 345" } });
    submit();
    expect(await screen.findByText("Enter a Kenyan mobile number")).toBeTruthy();
    expect(sending.send).not.toHaveBeenCalled();
  });

  it("fills in the credit customer's phone", () => {
    show(ready, "254722000111");
    expect((phoneField() as HTMLInputElement).value).toBe("0722000111");
  });

  it("says what is missing when SMS is not set up, and will not send", () => {
    const { sending } = show({
      ...ready,
      sms: { configured: false, missing: ["AT_USERNAME", "AT_API_KEY"], sandbox: false },
    });
    expect(screen.getByTestId("send-missing-setup").textContent).toBe(
      "SMS is not set up: add Africa's Talking to the server settings (AT_USERNAME, AT_API_KEY)",
    );
    expect((screen.getByTestId("send-receipt-submit") as HTMLButtonElement).disabled).toBe(true);
    // E-mail is set up: switching to it clears the warning.
    fireEvent.click(screen.getByTestId("send-by-email"));
    expect(screen.queryByTestId("send-missing-setup")).toBeNull();
    expect(sending.send).not.toHaveBeenCalled();
  });

  it("sends by e-mail to the address typed, and refuses one that is not an address", async () => {
    const { sending, onClose } = show();
    fireEvent.click(screen.getByTestId("send-by-email"));
    fireEvent.change(screen.getByTestId("send-email"), { target: { value: "not an address" } });
    submit();
    expect(await screen.findByText("Enter an e-mail address")).toBeTruthy();
    fireEvent.change(screen.getByTestId("send-email"), { target: { value: " Mteja@Example.com " } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sending.send).toHaveBeenCalledWith({ channel: "email", to: "mteja@example.com" }, expect.any(String));
  });

  it("keeps one Idempotency-Key for a retry after a failure", async () => {
    const { sending } = show();
    (sending.send as ReturnType<typeof vi.fn>).mockRejectedValueOnce({
      status: 503,
      data: { error: { code: "NOT_CONFIGURED", message: "SMS is not set up" } },
    });
    fireEvent.change(phoneField(), { target: { value: "0712345678" } });
    submit();
    expect(await screen.findByText("SMS is not set up")).toBeTruthy();
    submit();
    await waitFor(() => expect(sending.send).toHaveBeenCalledTimes(2));
    const keys = (sending.send as ReturnType<typeof vi.fn>).mock.calls.map((c) => c[1]);
    expect(keys[0]).toBe(keys[1]);
  });

  it("opens WhatsApp with the receipt's link in the text", async () => {
    const win = { location: { href: "" }, close: vi.fn() };
    vi.stubGlobal(
      "open",
      vi.fn(() => win),
    );
    const { sending, onClose } = show();
    fireEvent.click(screen.getByTestId("send-by-whatsapp"));
    fireEvent.change(phoneField(), { target: { value: "+254 712 345 678" } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sending.link).toHaveBeenCalled();
    expect(win.location.href).toBe(
      `https://wa.me/254712345678?text=${encodeURIComponent("Mama Duka: receipt #12, KES 500.00. View it: https://duka.test/r/abc")}`,
    );
  });

  it("sends a customer's statement in the language chosen for them, with no WhatsApp", async () => {
    const sending: ReceiptSending = { status: ready, sending: false, send: vi.fn(async () => queued) };
    const onClose = vi.fn();
    render(
      <SendReceiptDialog
        open
        statement
        onClose={onClose}
        sending={sending}
        summary={{ businessName: "Mama Duka", number: "Achieng", total: "" }}
        defaultPhone="0711222333"
      />,
    );
    expect(screen.getByText("Send statement to Achieng")).toBeTruthy();
    expect(screen.queryByTestId("send-by-whatsapp")).toBeNull();
    fireEvent.click(screen.getByTestId("send-in-swahili"));
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sending.send).toHaveBeenCalledWith({ channel: "sms", to: "0711222333", language: "sw" }, expect.any(String));
  });
});
