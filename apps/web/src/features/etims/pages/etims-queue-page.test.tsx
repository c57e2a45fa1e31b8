import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EtimsProductsMissing, EtimsQueue } from "@app/shared/etims/queue";
import { ownerStore, stubApi } from "../../../test/test-api.ts";
import EtimsQueuePage from "./etims-queue-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const queue: EtimsQueue = {
  summary: { connected: true, pending: 1, failed: 1, overdue: 1, oldestPendingAt: hoursAgo(30), purchasesToConfirm: 2 },
  items: [
    {
      id: 7,
      kind: "sale",
      refId: "44444444-4444-4444-8444-444444444444",
      label: "Sale 12",
      state: "queued",
      attempts: 3,
      errorCode: "network",
      error: "KRA eTIMS is not working at the moment (HTTP 503). Please try again later.",
      queuedAt: hoursAgo(30),
    },
    {
      id: 8,
      kind: "sale",
      refId: "55555555-5555-4555-8555-555555555555",
      label: "Sale 13",
      state: "failed",
      attempts: 1,
      errorCode: "details",
      error: '"Soda" has no eTIMS details yet',
      queuedAt: hoursAgo(2),
    },
  ],
};
const none: EtimsProductsMissing = { items: [], total: 0 };

const renderPage = () =>
  render(
    <Provider store={ownerStore()}>
      <MemoryRouter>
        <EtimsQueuePage />
      </MemoryRouter>
    </Provider>,
  );

describe("Not yet signed by KRA", () => {
  it("shows counts, ages and reasons, warns past 24 hours, and retries a refused sale", async () => {
    const fetch = stubApi({
      "GET /api/etims/queue": () => queue,
      "GET /api/etims/products/missing": () => none,
      "POST /api/etims/queue/55555555-5555-4555-8555-555555555555/retry": () => ({ queued: true }),
    });
    renderPage();
    expect(await screen.findByText("Sale 12")).toBeTruthy();
    expect(screen.getByTestId("etims-queue-counts").textContent).toContain("Waiting: 1");
    expect(screen.getByTestId("etims-purchases-link").textContent).toBe("Purchases from KRA (2 to confirm)");
    expect(screen.getByTestId("etims-overdue").textContent).toMatch(/1 have waited over 24 hours/);
    expect(screen.getByText(/cannot be reached; it is tried again automatically/)).toBeTruthy();
    expect(screen.getByText("Waiting 30 h")).toBeTruthy();
    expect(screen.getByText(/complete them below, then retry/)).toBeTruthy();
    // Only the refused one can be retried.
    const retries = screen.getAllByRole("button", { name: "Retry" });
    expect(retries).toHaveLength(1);
    fireEvent.click(retries[0]!);
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([r]) =>
            (r as Request).method === "POST" &&
            (r as Request).url.endsWith("/55555555-5555-4555-8555-555555555555/retry"),
        ),
      ).toBe(true),
    );
    expect(await screen.findByTestId("etims-missing-empty")).toBeTruthy();
  }, 30_000);

  it("names a refused stock report by its product, movement and day, with KRA's reason, and retries it", async () => {
    const movement = "66666666-6666-4666-8666-666666666666";
    const fetch = stubApi({
      "GET /api/etims/queue": () => ({
        summary: { ...queue.summary, pending: 0, failed: 1, overdue: 0 },
        items: [
          {
            id: 9,
            kind: "stock",
            refId: movement,
            label: "Soda 500ml",
            stock: { product: "Soda 500ml", reason: "adjustment", delta: -2, movedAt: "2026-05-03T09:00:00.000Z" },
            state: "failed",
            attempts: 1,
            errorCode: "910",
            error: "KRA refused the request: a field is missing or wrong. (Request parameter error)",
            queuedAt: hoursAgo(3),
          },
        ],
      }),
      "GET /api/etims/products/missing": () => none,
      [`POST /api/etims/queue/${movement}/retry`]: () => ({ queued: true }),
    });
    renderPage();
    expect(await screen.findByText("Stock report for Soda 500ml (Adjustment −2, 3 May 2026)")).toBeTruthy();
    expect(screen.getByText("KRA refused it.")).toBeTruthy();
    expect(screen.getByText(/Request parameter error/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([r]) => (r as Request).method === "POST" && (r as Request).url.endsWith(`/${movement}/retry`),
        ),
      ).toBe(true),
    );
  });

  it("says so when everything is signed", async () => {
    stubApi({
      "GET /api/etims/queue": () => ({
        ...queue,
        summary: { ...queue.summary, pending: 0, failed: 0, overdue: 0 },
        items: [],
      }),
      "GET /api/etims/products/missing": () => none,
    });
    renderPage();
    expect(await screen.findByTestId("etims-queue-empty")).toBeTruthy();
    expect(screen.queryByTestId("etims-overdue")).toBeNull();
  });
});
