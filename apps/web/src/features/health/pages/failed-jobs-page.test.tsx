import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FailedJob } from "@app/shared/health/jobs";
import { ownerStore, stubApi } from "../../../test/test-api.ts";
import FailedJobsPage from "./failed-jobs-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const failed = (over: Partial<FailedJob>): FailedJob => ({
  id: "aaaaaaaa-aaaa-4aaa-8aaa-000000000001",
  name: "reports-rebuild",
  error: "canceling statement due to statement timeout",
  attempts: 6,
  failedAt: "2026-03-02T07:00:00.000Z",
  retryable: true,
  ...over,
});

function page() {
  render(
    <Provider store={ownerStore()}>
      <MemoryRouter>
        <FailedJobsPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe("the failed jobs page (support)", () => {
  it("lists each failed job with what it does, when, its tries and last error, and runs one again", async () => {
    let jobs = [
      failed({}),
      failed({
        id: "aaaaaaaa-aaaa-4aaa-8aaa-000000000002",
        name: "backups-due",
        error: "ENOSPC: no space left",
        attempts: 1,
        retryable: false,
      }),
    ];
    const fetch = stubApi({
      "GET /api/platform/jobs/failed": () => ({ jobs }),
      [`POST /api/platform/jobs/failed/${jobs[0]!.id}/retry`]: () => {
        jobs = jobs.slice(1);
        return { retried: true };
      },
    });
    page();
    const cards = await screen.findAllByTestId("failed-job", undefined, { timeout: 5000 });
    expect(cards).toHaveLength(2);
    const [rebuild, backup] = cards;
    expect(rebuild!.textContent).toContain("Reports: rebuilding a business's figures");
    expect(rebuild!.textContent).toContain("reports-rebuild");
    expect(rebuild!.textContent).toContain("Failed 2 Mar 2026, 10:00"); // Nairobi time
    expect(rebuild!.textContent).toContain("Tries: 6");
    expect(within(rebuild!).getByTestId("failed-job-error").textContent).toBe(
      "canceling statement due to statement timeout",
    );
    // An archived job can no longer be run again: no button, a word instead.
    expect(backup!.textContent).toContain("Nightly backup");
    expect(within(backup!).queryByRole("button")).toBeNull();
    expect(backup!.textContent).toContain("Archived: it can no longer be run again.");

    fireEvent.click(within(rebuild!).getByRole("button", { name: "Run reports-rebuild again" }));
    await waitFor(() => expect(screen.getAllByTestId("failed-job")).toHaveLength(1));
    const posted = fetch.mock.calls.map(([req]) => `${req.method} ${new URL(req.url).pathname}`);
    expect(posted).toContain(`POST /api/platform/jobs/failed/${failed({}).id}/retry`);
  });

  it("says so when no job failed", async () => {
    stubApi({ "GET /api/platform/jobs/failed": () => ({ jobs: [] }) });
    page();
    expect((await screen.findByTestId("failed-jobs-empty", undefined, { timeout: 5000 })).textContent).toContain(
      "No failed jobs.",
    );
  });

  it("shows the error with a retry when the list cannot be loaded", async () => {
    let fail = true;
    stubApi({
      "GET /api/platform/jobs/failed": () =>
        fail ? { __status: 500, error: { code: "INTERNAL_ERROR", message: "boom" } } : { jobs: [] },
    });
    page();
    const alert = await screen.findByTestId("failed-jobs-error", undefined, { timeout: 5000 });
    expect(alert.textContent).toContain("The failed jobs could not be loaded.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("failed-jobs-empty")).toBeTruthy();
  });
});
