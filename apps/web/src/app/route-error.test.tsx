import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { RouteErrorBoundary } from "./route-error.tsx";

afterEach(cleanup);

function Broken(): never {
  throw new Error("page failed");
}

describe("unexpected routing errors (spec section 2)", () => {
  it("show the error page in place of the route, until another page is opened", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
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
    expect(screen.getByRole("link", { name: "Back to the start" }).getAttribute("href")).toBe("/");
    expect(log).toHaveBeenCalled();
    await act(async () => screen.getByRole("link", { name: "elsewhere" }).click());
    expect(screen.getByText("fine page")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Unexpected Application Error!" })).toBeNull();
    log.mockRestore();
  });
});
