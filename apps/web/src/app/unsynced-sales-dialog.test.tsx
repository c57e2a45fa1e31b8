import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatKES } from "@app/shared/money/money";
import { resetDeviceKeyCache } from "../lib/device-key.ts";
import { addToOutbox, closeOutboxForTests, markRefused, readOutbox, type OfflineSale } from "../lib/offline/outbox.ts";
import { BUSINESS_A, BUSINESS_B, ownerStore } from "../test/test-api.ts";
import { createStore } from "./store.ts";
import { UnsyncedSalesDialog } from "./unsynced-sales-dialog.tsx";

const SUGAR = "00000000-0000-4000-8000-000000000011";

let n = 0;
function sale(businessId = BUSINESS_A._id, shown = true): OfflineSale {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    idempotencyKey: `key-${n}`,
    channel: "retail",
    businessId,
    input: {
      businessId,
      products: [{ productId: SUGAR, quantity: 2 }],
      payments: [{ method: "Cash", amount: 36000 }],
      offlineAt: new Date(Date.UTC(2026, 10, 25, 6, n)).toISOString(),
    },
    ...(shown ? { shown: { total: 36000, servedBy: "mary", lines: [{ name: "Sugar 1kg", quantity: 2 }] } } : {}),
  };
}

function cashierStore() {
  const { session, business } = ownerStore().getState();
  return createStore({ session: { ...session, user: { ...session.user!, isAdmin: false } }, business });
}

async function clearOutbox() {
  await closeOutboxForTests();
  await new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase("duka-outbox");
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
  });
}

function renderDialog(store = ownerStore()) {
  render(
    <Provider store={store}>
      <UnsyncedSalesDialog open onClose={() => undefined} />
    </Provider>,
  );
}

const rows = () => screen.findAllByTestId("unsynced-sale");

beforeEach(async () => {
  resetDeviceKeyCache();
  await clearOutbox();
});
afterEach(cleanup);

describe("the sales kept on this device", () => {
  it("lists each sale with what the till showed, waiting or refused with the server's reason", async () => {
    await addToOutbox(sale());
    await addToOutbox(sale(BUSINESS_B._id));
    await addToOutbox(sale(BUSINESS_A._id, false)); // kept before the till stored what it showed
    const [first] = await readOutbox();
    await markRefused(first!.seq, "Product 11 not found");
    renderDialog();

    const [refused, other, old] = await rows();
    expect(refused!.textContent).toContain(`${formatKES(36000)} · Cash`);
    expect(refused!.textContent).toContain("2 × Sugar 1kg");
    expect(refused!.textContent).toContain("mary");
    expect(within(refused!).getByTestId("unsynced-reason").textContent).toBe(
      "Refused by the server: Product 11 not found",
    );
    expect(other!.textContent).toContain("Waiting to sync");
    expect(other!.textContent).toContain("Duka B"); // not the business open now
    expect(old!.textContent).toContain("2 items");
    expect(screen.getByTestId("unsynced-refused-note").textContent).toContain("The server refused 1 of them");
  });

  it("sends a refused sale again: it waits in line once more", async () => {
    await addToOutbox(sale());
    const [entry] = await readOutbox();
    await markRefused(entry!.seq, "Prices changed");
    renderDialog();

    fireEvent.click(within((await rows())[0]!).getByRole("button", { name: "Send again" }));
    await waitFor(async () => expect((await readOutbox())[0]!.refused).toBeNull());
    expect(await screen.findByText("Waiting to sync")).toBeTruthy();
  });

  it("lets the owner discard a refused sale after a confirmation naming its amount; cancel keeps it", async () => {
    await addToOutbox(sale());
    const [entry] = await readOutbox();
    await markRefused(entry!.seq, "Product 11 not found");
    renderDialog();

    const discard = within((await rows())[0]!).getByRole("button", { name: "Discard" });
    fireEvent.click(discard);
    const confirm = await screen.findByRole("dialog", { name: "Discard this sale?" });
    expect(confirm!.textContent).toContain(`The sale of ${formatKES(36000)}`);
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(await readOutbox()).toHaveLength(1);

    fireEvent.click(discard);
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Discard this sale?" })).getByRole("button", {
        name: "Discard sale",
      }),
    );
    await waitFor(async () => expect(await readOutbox()).toHaveLength(0));
    expect(await screen.findByText("Every sale made on this device has reached the server.")).toBeTruthy();
  });

  it("does not let a cashier discard a sale, and a waiting sale has no discard at all", async () => {
    await addToOutbox(sale());
    await addToOutbox(sale());
    const [first] = await readOutbox();
    await markRefused(first!.seq, "Product 11 not found");
    renderDialog(cashierStore());

    const [refused, waiting] = await rows();
    expect(within(refused!).getByRole("button", { name: "Discard" })).toHaveProperty("disabled", true);
    expect(within(waiting!).queryByRole("button", { name: "Discard" })).toBeNull();
  });
});
