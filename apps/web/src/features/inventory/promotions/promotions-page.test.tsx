import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Promotion } from "@app/shared/pos/promotion-schema";
import { ownerStore, stubApi } from "../../../test/test-api.ts";
import PromotionsPage from "./promotions-page.tsx";
import { threeFor100 } from "@app/shared/pos/promotion-fixture";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base: Promotion = {
  ...threeFor100("44444444-4444-4444-8444-444444444444"),
  productNames: ["Soda 500ml"],
  createdBy: "owner",
  createdAt: "2026-01-01T00:00:00.000Z",
};

function open() {
  render(
    <Provider store={ownerStore()}>
      <MemoryRouter initialEntries={["/promotions"]}>
        <PromotionsPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe("the Promotions page", () => {
  it("lists each promotion with what it gives, its products and its status", async () => {
    stubApi({
      "GET /api/promotions": () => [
        base,
        { ...base, _id: "00000000-0000-4000-8000-000000000002", name: "Weekend", active: false },
        { ...base, _id: "00000000-0000-4000-8000-000000000003", name: "Old", endsAt: "2020-01-01T00:00:00.000Z" },
      ],
    });
    open();
    const rows = await screen.findAllByTestId("promotion");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("Running now"),
      expect.stringContaining("Off"),
      expect.stringContaining("Ended"),
    ]);
    expect(rows[0]!.textContent).toContain("3 for KES 100.00 · Soda 500ml");
    expect(rows[0]!.textContent).toContain("every day");
  });

  it("says so when there are none, and when they could not be loaded", async () => {
    stubApi({ "GET /api/promotions": () => [] });
    open();
    expect(await screen.findByText(/No promotions yet/)).toBeTruthy();
    cleanup();
    stubApi({ "GET /api/promotions": () => ({ __status: 500, error: { code: "INTERNAL", message: "boom" } }) });
    open();
    expect(await screen.findByText(/The promotions could not be loaded/)).toBeTruthy();
  });

  it("the dialog shows the field messages of the shared schema and sends nothing", async () => {
    const fetch = stubApi({ "GET /api/promotions": () => [] });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "New promotion" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByText("Give it a name")).toBeTruthy());
    expect(screen.getByText("Choose a product")).toBeTruthy();
    expect(screen.getByText("Enter the amount")).toBeTruthy();
    expect(fetch.mock.calls.some(([r]) => (r as Request).method === "POST")).toBe(false);
  });

  it("the daily window is chosen from times in 30-minute steps (spec section 9), or left as all day", async () => {
    const fetch = stubApi({
      "GET /api/promotions": () => [{ ...base, dailyFrom: null, dailyTo: null }],
      [`PUT /api/promotions/${base._id}`]: () => ({ ...base, dailyFrom: "17:00", dailyTo: "19:30" }),
    });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Change" }));
    const from = screen.getByRole("combobox", { name: "Daily from" });
    expect(from.textContent).toBe("All day");
    fireEvent.mouseDown(from);
    const list = within(screen.getByRole("listbox"));
    // All day, then 00:00, 00:30 ... 23:30.
    expect(
      list
        .getAllByRole("option")
        .map((o) => o.textContent)
        .slice(0, 4),
    ).toEqual(["All day", "00:00", "00:30", "01:00"]);
    expect(list.getAllByRole("option")).toHaveLength(49);
    fireEvent.click(list.getByRole("option", { name: "17:00" }));
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Daily until" }));
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "19:30" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const put = () => fetch.mock.calls.map(([r]) => r as Request).find((r) => r.method === "PUT");
    await waitFor(() => expect(put()).toBeTruthy());
    expect(await put()!.json()).toMatchObject({ dailyFrom: "17:00", dailyTo: "19:30" });
  }, 60_000);

  it("a period's end is a day and a time from the 30-minute select; no day leaves that end open", async () => {
    const fetch = stubApi({
      "GET /api/promotions": () => [{ ...base, startsAt: null, endsAt: null }],
      [`PUT /api/promotions/${base._id}`]: () => base,
    });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Change" }));
    const [fromTime] = screen.getAllByRole("combobox", { name: "Time" });
    // No day yet: its time cannot be chosen.
    expect(fromTime!.getAttribute("aria-disabled")).toBe("true");
    fireEvent.change(screen.getByLabelText("From (optional)"), { target: { value: "2026-03-01" } });
    expect(fromTime!.textContent).toBe("00:00");
    fireEvent.mouseDown(fromTime!);
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "08:30" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const put = () => fetch.mock.calls.map(([r]) => r as Request).find((r) => r.method === "PUT");
    await waitFor(() => expect(put()).toBeTruthy());
    // 08:30 in Nairobi (UTC+3); the end left open.
    expect(await put()!.json()).toMatchObject({ startsAt: "2026-03-01T05:30:00.000Z", endsAt: null });
  }, 60_000);
});
