import { afterEach, describe, expect, it } from "vitest";
import { toastPlace } from "./toast-top.ts";

// Issue 33, item 6: toasts sat over the invoice drawer's phone number and due date for 5 s.

function box(el: Element, r: { left: number; right: number; top: number; bottom: number }) {
  el.getBoundingClientRect = () => ({
    ...r,
    width: r.right - r.left,
    height: r.bottom - r.top,
    x: r.left,
    y: r.top,
    toJSON: () => r,
  });
}

function page(drawer: { left: number; right: number } | null) {
  document.body.innerHTML = `<header class="MuiAppBar-root"></header>${
    drawer
      ? `<div class="MuiModal-root"><div class="MuiPaper-root MuiDrawer-paper"><div><div class="head"></div></div></div></div>`
      : ""
  }`;
  box(document.querySelector("header")!, { left: 0, right: 1366, top: 0, bottom: 64 });
  if (drawer) {
    box(document.querySelector(".MuiDrawer-paper")!, { ...drawer, top: 0, bottom: 768 });
    box(document.querySelector(".head")!, { ...drawer, top: 0, bottom: 56 });
  }
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("toastPlace", () => {
  it("no drawer: top-right below the app bar", () => {
    page(null);
    expect(toastPlace(document, 1366)).toEqual({ top: 72, right: null, atBottom: false, bottom: 16 });
  });

  it("a drawer on the right at 1366 px: the toasts stand to its left, not over its fields", () => {
    page({ left: 766, right: 1366 });
    const place = toastPlace(document, 1366);
    expect(place.atBottom).toBe(false);
    // The container's right edge is 16 px left of the drawer.
    expect(place.right).toBe(1366 - 766 + 16);
  });

  it("a phone's full-width drawer: the toasts go to the bottom of the screen", () => {
    page({ left: 0, right: 390 });
    expect(toastPlace(document, 390)).toMatchObject({ atBottom: true, bottom: 16 });
  });

  it("a phone's full-screen dialog with its buttons at the bottom: the toasts stand above the buttons", () => {
    // The phone test's sale stalled: a toast sat over the payment dialog's "Complete sale".
    document.body.innerHTML = `<header class="MuiAppBar-root"></header><div class="MuiModal-root"><div class="MuiPaper-root MuiDialog-paper"><h2 class="MuiDialogTitle-root"></h2><div class="MuiDialogActions-root"></div></div></div>`;
    box(document.querySelector("header")!, { left: 0, right: 390, top: 0, bottom: 56 });
    box(document.querySelector(".MuiDialog-paper")!, { left: 0, right: 390, top: 0, bottom: 844 });
    box(document.querySelector(".MuiDialogTitle-root")!, { left: 0, right: 390, top: 0, bottom: 64 });
    box(document.querySelector(".MuiDialogActions-root")!, { left: 0, right: 390, top: 780, bottom: 844 });
    expect(toastPlace(document, 390, 844)).toMatchObject({ atBottom: true, bottom: 844 - 780 + 8 });
  });
});
