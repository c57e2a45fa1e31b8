import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";

import { createTheme, ThemeProvider } from "@mui/material/styles";
import { Provider } from "react-redux";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ownerStore, stubApi } from "../test/test-api.ts";
import { AppLayout } from "./app-layout.tsx";

/** A matchMedia whose width the test sets; listeners hear each change, as a browser's do. */
function fakeWidth(initial: number) {
  let width = initial;
  const lists = new Set<{ query: string; listeners: Set<() => void> }>();
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
  vi.stubGlobal("matchMedia", (query: string) => {
    const list = { query, listeners: new Set<() => void>() };
    lists.add(list);
    return {
      get matches() {
        return matches(query);
      },
      media: query,
      addEventListener: (_: string, l: () => void) => list.listeners.add(l),
      removeEventListener: (_: string, l: () => void) => list.listeners.delete(l),
      addListener: (l: () => void) => list.listeners.add(l),
      removeListener: (l: () => void) => list.listeners.delete(l),
    };
  });
  return (next: number) =>
    act(() => {
      width = next;
      for (const list of lists) for (const l of list.listeners) l();
    });
}

/** Whether the menu is on screen: in the page, and its drawer not slid away (hidden once closed). */
const menuShown = () => {
  const menu = screen.queryByTestId("sidebar-menu");
  const paper = menu?.closest<HTMLElement>(".MuiDrawer-paper");
  return Boolean(menu && paper && paper.style.visibility !== "hidden");
};
const expectMenu = (shown: boolean) => waitFor(() => expect(menuShown()).toBe(shown));

function renderLayout() {
  render(
    <ThemeProvider theme={createTheme()}>
      <Provider store={ownerStore()}>
        <MemoryRouter initialEntries={["/home"]}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route path="/home" element={<p>Home page</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </Provider>
    </ThemeProvider>,
  );
}

beforeEach(() => void stubApi({}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("keeps the desktop menu open when the width dips below the breakpoint and comes back", async () => {
  const setWidth = fakeWidth(1366);
  renderLayout();
  await screen.findByText("Home page");
  await expectMenu(true);

  setWidth(800); // a tablet's width: the menu becomes a drawer, closed
  await expectMenu(false);
  setWidth(1366); // back at a laptop's width: the menu is open again, as the user left it
  await expectMenu(true);
});

it("closes the desktop menu only when the user toggles it, and opens the phone drawer on demand", async () => {
  const setWidth = fakeWidth(1366);
  renderLayout();
  await screen.findByText("Home page");
  const toggle = screen.getByRole("button", { name: "Toggle menu" });

  fireEvent.click(toggle);
  await expectMenu(false);
  setWidth(390);
  fireEvent.click(toggle);
  await expectMenu(true);
  setWidth(1366); // the desktop menu stays as the user left it: closed
  await expectMenu(false);
});
