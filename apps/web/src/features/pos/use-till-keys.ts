import { useEffect, useRef } from "react";

type Actions = {
  enabled: boolean;
  focusSearch: () => void;
  pay: () => void;
  kitchen?: () => void;
  removeSelected: () => void;
  step: (by: number) => void;
  move: (by: number) => void;
};

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.isContentEditable);

/**
 * The till without a mouse: F2 search, F9 (or F12) pay, F8 kitchen; with the search box empty,
 * arrows pick a ticket line, + and - change its quantity, Delete removes it. A key typed while
 * nothing has focus (a barcode scanner after a click elsewhere) goes to the search box.
 */
export function useTillKeys(actions: Actions) {
  const ref = useRef(actions);
  ref.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const a = ref.current;
      if (!a.enabled) return;
      if (e.key === "F2") a.focusSearch();
      else if (e.key === "F9" || e.key === "F12") a.pay();
      else if (e.key === "F8" && a.kitchen) a.kitchen();
      else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target)) return a.focusSearch();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  /** Keys in the empty search box act on the ticket. */
  function onEmptySearchKey(e: React.KeyboardEvent) {
    const a = ref.current;
    const act: Record<string, () => void> = {
      "+": () => a.step(1),
      "-": () => a.step(-1),
      Delete: a.removeSelected,
      ArrowUp: () => a.move(-1),
      ArrowDown: () => a.move(1),
    };
    const action = act[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  }
  return { onEmptySearchKey };
}
