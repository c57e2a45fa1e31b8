import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { lazyWithRetry } from "../lib/lazy-part.tsx";
import { RouteErrorBoundary } from "./route-error.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Broken(): never {
  throw new Error("page failed");
}

describe("the app's error page (spec section 2)", () => {
  it("shows in place of the route with its id, logged with the error, until another page is opened", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const beacon = vi.fn(() => true);
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: beacon });
    render(
      <MemoryRouter initialEntries={["/broken"]}>
        <Link to="/fine">elsewhere</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>fine page</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeTruthy();
    expect(screen.getByText(/Something went wrong on this page/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the start" }).getAttribute("href")).toBe("/");
    const id = /^Error id: ([0-9A-F]{8})$/.exec(screen.getByTestId("error-id").textContent ?? "")?.[1];
    expect(id).toBeDefined();
    expect(log).toHaveBeenCalledWith(
      `Error ${id}`,
      expect.objectContaining({ message: "page failed" }),
      expect.any(String),
    );
    expect(beacon).toHaveBeenCalledWith("/api/client-errors", expect.any(Blob));
    const blob = (beacon.mock.calls[0] as unknown as [string, Blob])[1];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    const sent = JSON.parse(text) as unknown;
    expect(sent).toMatchObject({ id, name: "Error", message: "page failed", path: "/broken" });

    await act(async () => screen.getByRole("link", { name: "elsewhere" }).click());
    expect(screen.getByText("fine page")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Unexpected Application Error!" })).toBeNull();
  });

  it("a page whose code could not be fetched says it needs the network once, and Try again loads it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let online = false;
    const importer = vi.fn(async () => {
      if (!online) throw new TypeError("Failed to fetch dynamically imported module: /assets/page-x1.js");
      return { default: () => <p>the page</p> };
    });
    const Page = lazyWithRetry(importer);
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Suspense fallback={<p>loading</p>}>
            <Page />
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByText(/This page needs the network once/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(3); // the first try and two retries
    online = true;
    await act(async () => screen.getByRole("button", { name: "Try again" }).click());
    expect(await screen.findByText("the page")).toBeTruthy();
  });
});
