import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { atTime, TIME_STEP_MINUTES, TimeSelect, timeOf, timeSlots } from "./time-select.tsx";

// Issue 33, item 7: the spec's time select (section 9: 30-minute interval) where a form takes a time.

describe("timeSlots", () => {
  it("offers every 30 minutes of the day", () => {
    const slots = timeSlots();
    expect(TIME_STEP_MINUTES).toBe(30);
    expect(slots).toHaveLength(48);
    expect(slots.slice(0, 3)).toEqual(["00:00", "00:30", "01:00"]);
    expect(slots.at(-1)).toBe("23:30");
  });

  it("keeps a chosen time between two steps (a default of now), in order", () => {
    const slots = timeSlots(30, "14:37");
    expect(slots).toHaveLength(49);
    expect(slots.slice(slots.indexOf("14:30"), slots.indexOf("14:30") + 3)).toEqual(["14:30", "14:37", "15:00"]);
  });

  it("atTime sets the time of day and keeps the day", () => {
    const moved = atTime(new Date(2026, 2, 5, 9, 12, 44), "17:30");
    expect([moved.getFullYear(), moved.getMonth(), moved.getDate()]).toEqual([2026, 2, 5]);
    expect(timeOf(moved)).toBe("17:30");
    expect(moved.getSeconds()).toBe(0);
  });
});

function Harness({ maxTime }: { maxTime?: string }) {
  const [value, setValue] = useState("09:00");
  return (
    <>
      <TimeSelect label="Payment time" value={value} onChange={setValue} maxTime={maxTime} />
      <output data-testid="chosen">{value}</output>
    </>
  );
}

describe("TimeSelect", () => {
  it("lists the 30-minute steps, refuses those after maxTime, and reports the one chosen", () => {
    render(<Harness maxTime="12:00" />);
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Payment time" }));
    const list = within(screen.getByRole("listbox"));
    expect(list.getAllByRole("option")).toHaveLength(48);
    expect(list.getByRole("option", { name: "12:30" }).getAttribute("aria-disabled")).toBe("true");
    expect(list.getByRole("option", { name: "11:30" }).getAttribute("aria-disabled")).not.toBe("true");
    fireEvent.click(list.getByRole("option", { name: "11:30" }));
    expect(screen.getByTestId("chosen").textContent).toBe("11:30");
    // MUI's menu of 48 options renders slowly in jsdom on a loaded machine.
  }, 60_000);
});
