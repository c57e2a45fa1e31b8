import { useEffect, useState } from "react";

/** Space between the toasts and what they must stay below (the app bar, an open drawer's header). */
export const TOAST_GAP_PX = 8;
/** Without an app bar (the public pages): react-toastify's own offset. */
const PAGE_TOP_PX = 16;

/**
 * The header of an open drawer or dialog: a dialog's title, else the first row of the paper's
 * content (the drawers here open with a title row holding their close button).
 */
function headerOf(paper: Element): Element | null {
  return paper.querySelector(".MuiDialogTitle-root") ?? paper.firstElementChild?.firstElementChild ?? null;
}

/**
 * Where the toasts start (px from the top of the window): below the app bar, and below the header
 * of any open drawer or dialog whose side of the screen they share, so that its title and close
 * button stay in sight and usable (issue 20). Measured on the page as it is now.
 */
export function toastTop(doc: Document, toastLeft: number): number {
  let top = PAGE_TOP_PX - TOAST_GAP_PX;
  const bar = doc.querySelector("header.MuiAppBar-root");
  if (bar) top = Math.max(top, bar.getBoundingClientRect().bottom);
  for (const paper of doc.querySelectorAll(".MuiModal-root:not(.MuiModal-hidden) .MuiPaper-root")) {
    if (!paper.classList.contains("MuiDrawer-paper") && !paper.classList.contains("MuiDialog-paper")) continue;
    const box = paper.getBoundingClientRect();
    if (box.width === 0 || box.right <= toastLeft) continue;
    const header = headerOf(paper);
    if (header) top = Math.max(top, header.getBoundingClientRect().bottom);
  }
  return Math.round(top + TOAST_GAP_PX);
}

/** The width react-toastify gives the top-right container (320 px, the whole width on phones). */
const TOAST_WIDTH_PX = 320;
const EDGE_PX = 16;
const containerLeft = (width: number) => (width <= 480 ? 0 : width - EDGE_PX - TOAST_WIDTH_PX);

/**
 * Where the toast container goes: `top` px from the top, and `right` px from the right (null: its
 * own 16 px), or at the bottom, `bottom` px up from the window's lower edge.
 */
export type ToastPlace = { top: number; right: number | null; atBottom: boolean; bottom: number };

/**
 * Toasts never cover what they confirm (issue 33, item 6: a saved invoice's toast sat over the
 * drawer's phone number and due date for 5 s). With a drawer or dialog open on the toasts' side:
 * they stand to its left when the window has room for them there; else (a phone, a drawer as
 * wide as the window) they go to the bottom of the screen, away from the fields at its top, and
 * above its action bar when it has one.
 * Otherwise, as before: top-right, below the app bar (toastTop).
 */
export function toastPlace(doc: Document, width: number, height = Number.POSITIVE_INFINITY): ToastPlace {
  const left = containerLeft(width);
  let coverLeft: number | null = null;
  // Where an open dialog's action bar starts (its Save, its Complete sale; the highest, if several):
  // toasts at the bottom stand above it, so they never sit over the button that finishes the work.
  let actionsTop: number | null = null;
  for (const paper of doc.querySelectorAll(".MuiModal-root:not(.MuiModal-hidden) .MuiPaper-root")) {
    if (!paper.classList.contains("MuiDrawer-paper") && !paper.classList.contains("MuiDialog-paper")) continue;
    const box = paper.getBoundingClientRect();
    if (box.width === 0 || box.right <= left) continue;
    coverLeft = Math.min(coverLeft ?? box.left, box.left);
    for (const actions of paper.querySelectorAll(".MuiDialogActions-root")) {
      const bar = actions.getBoundingClientRect();
      if (bar.height > 0) actionsTop = Math.min(actionsTop ?? bar.top, bar.top);
    }
  }
  const top = toastTop(doc, left);
  const bottom = actionsTop === null ? EDGE_PX : Math.max(EDGE_PX, Math.round(height - actionsTop + TOAST_GAP_PX));
  if (coverLeft === null) return { top, right: null, atBottom: false, bottom };
  if (coverLeft >= TOAST_WIDTH_PX + 2 * EDGE_PX)
    return {
      top: toastTop(doc, Number.POSITIVE_INFINITY),
      right: Math.round(width - coverLeft + EDGE_PX),
      atBottom: false,
      bottom,
    };
  return { top, right: null, atBottom: true, bottom };
}

/** toastPlace, kept up to date as drawers and dialogs open and close and the window resizes. */
export function useToastPlace(): ToastPlace {
  const [place, setPlace] = useState(() => toastPlace(document, window.innerWidth, window.innerHeight));
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setPlace((was) => {
          const next = toastPlace(document, window.innerWidth, window.innerHeight);
          return was.top === next.top &&
            was.right === next.right &&
            was.atBottom === next.atBottom &&
            was.bottom === next.bottom
            ? was
            : next;
        }),
      );
    };
    // Drawers and dialogs mount in portals on <body>; a slow check also catches a header that grew.
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", measure);
    const settle = setInterval(measure, 500);
    measure();
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
      clearInterval(settle);
      cancelAnimationFrame(frame);
    };
  }, []);
  return place;
}
