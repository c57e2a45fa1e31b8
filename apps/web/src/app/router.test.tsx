import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createTheme, ThemeProvider } from "@mui/material/styles";
import { Provider } from "react-redux";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allFlags } from "@app/shared/accounts/auth";
import { BUSINESS_A, ownerStore, stubApi } from "../test/test-api.ts";
import SignedInRoutes from "./router.tsx";
import { createStore } from "./store.ts";

/** Addresses typed by a user outside their areas (issue 28, finding 10). */

const PAYROLL_BUSINESS = { ...BUSINESS_A, businessType: "payroll" as const };

/** The owner of a payroll-only business (its list holds it too: the layout keeps the current one in step). */
function payrollOwnerStore() {
  const { session } = ownerStore().getState();
  return createStore({
    session,
    business: { current: PAYROLL_BUSINESS, list: [PAYROLL_BUSINESS], isFetching: false, error: false },
  });
}

function cashierStore() {
  const details = {
    _id: "55555555-5555-4555-8555-555555555555",
    username: "mary",
    image: null,
    occupation: "Cashier",
    ...allFlags(false),
    isSupportUser: false,
  };
  return createStore({
    session: { user: { token: "t0k3n", isAdmin: false, details } as never, loading: false, error: null },
    business: { current: BUSINESS_A, list: [BUSINESS_A], isFetching: false, error: false },
  });
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

let fetchSpy: ReturnType<typeof stubApi>;
/** The paths of every request the app sent. */
const requested = () => fetchSpy.mock.calls.map(([req]) => new URL((req as Request).url).pathname);

function renderAt(path: string, store: ReturnType<typeof createStore>) {
  render(
    <ThemeProvider theme={createTheme()}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <SignedInRoutes />
          <Where />
        </MemoryRouter>
      </Provider>
    </ThemeProvider>,
  );
}

/** Lets lazy pages load and their first requests go out, were any to be sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

beforeEach(() => {
  fetchSpy = stubApi({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("an address outside the user's areas", { timeout: 30_000 }, () => {
  it("/pos for the owner of a payroll-only business: the not-for-your-role page, leading to their landing page", async () => {
    renderAt("/pos", payrollOwnerStore());
    const page = await screen.findByTestId("no-access");
    expect(page.textContent).toContain("This page is not for your role");
    expect(screen.getByRole("link", { name: "Go to HR Department" }).getAttribute("href")).toBe("/employees");
    await settle();
    expect(screen.queryByRole("button", { name: /retry/i })).toBeNull();
    expect(requested().filter((p) => /^\/api\/(products|categories|catalog|sales|sections|tables)/.test(p))).toEqual(
      [],
    );
  });

  it("/oldersales for a Cashier: the page, leading to the POS, and no request for older sales", async () => {
    renderAt("/oldersales", cashierStore());
    await screen.findByTestId("no-access");
    expect(screen.getByRole("link", { name: "Go to POS" }).getAttribute("href")).toBe("/pos");
    await settle();
    expect(requested().filter((p) => p.startsWith("/api/sales"))).toEqual([]);
  });

  it("/products for a Cashier without stock rights: the page, and no request for categories or products", async () => {
    renderAt("/products", cashierStore());
    await screen.findByTestId("no-access");
    await settle();
    expect(requested().filter((p) => /^\/api\/(categories|products)/.test(p))).toEqual([]);
  });

  it("Home (/) for a Cashier, who has no dashboard: taken to their landing page, the POS", async () => {
    renderAt("/", cashierStore());
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/pos"), { timeout: 20_000 });
    expect(screen.queryByTestId("no-access")).toBeNull();
  });

  it("Home (/) for a payroll-only business's owner: taken to the first page of their menu", async () => {
    renderAt("/", payrollOwnerStore());
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/employees"), { timeout: 20_000 });
  });

  it("a page inside the user's areas still opens and loads its data: /oldersales for the owner", async () => {
    renderAt("/oldersales", ownerStore());
    await waitFor(() => expect(requested()).toContain("/api/sales/log/sales"), { timeout: 20_000 });
    expect(screen.queryByTestId("no-access")).toBeNull();
  });
});
