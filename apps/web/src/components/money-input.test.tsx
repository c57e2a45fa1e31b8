import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { parseKES } from "@app/shared/money/money";
import { MoneyInput } from "./money-input.tsx";

afterEach(cleanup);

/** The field as a form holds it: the typed text, turned into cents only on save. */
function Harness({ initial = "" }: { initial?: string }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <MoneyInput label="Selling price" value={text} onChange={setText} />
      <output data-testid="cents">{String(parseKES(text))}</output>
    </>
  );
}

describe("MoneyInput", () => {
  it("is labelled, shows KES and asks for a decimal keyboard", () => {
    render(<Harness />);
    const input = screen.getByRole("textbox", { name: "Selling price" });
    expect(screen.getByText("KES")).toBeTruthy();
    expect(input.getAttribute("inputmode")).toBe("decimal");
  });

  it("keeps what is typed, and tidies a valid amount to shillings and cents on leaving", () => {
    render(<Harness />);
    const input = screen.getByRole("textbox", { name: "Selling price" });
    fireEvent.change(input, { target: { value: "1,234.5" } });
    expect(input).toHaveProperty("value", "1,234.5");
    expect(screen.getByTestId("cents").textContent).toBe("123450");
    fireEvent.blur(input);
    expect(input).toHaveProperty("value", "1234.50");
    expect(screen.getByTestId("cents").textContent).toBe("123450");
  });

  it("leaves an invalid amount as typed so the form can say what is wrong", () => {
    render(<Harness />);
    const input = screen.getByRole("textbox", { name: "Selling price" });
    fireEvent.change(input, { target: { value: "12.345" } });
    fireEvent.blur(input);
    expect(input).toHaveProperty("value", "12.345");
    expect(screen.getByTestId("cents").textContent).toBe("null");
  });
});
