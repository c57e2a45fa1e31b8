import { describe, expect, it } from "vitest";
import { buildStatement, type StatementEntry } from "./statement.ts";

const id = "00000000-0000-4000-8000-000000000001";
const entry = (over: Partial<StatementEntry>): StatementEntry => ({
  date: "2026-01-01T08:00:00.000Z",
  kind: "charge",
  reference: "Sale #1",
  refId: id,
  description: "",
  amount: 0,
  ...over,
});

describe("statement", () => {
  it("runs the balance over charges and payments, oldest first", () => {
    const s = buildStatement([
      entry({ date: "2026-01-03T08:00:00.000Z", kind: "payment", amount: 3000 }),
      entry({ date: "2026-01-01T08:00:00.000Z", kind: "charge", amount: 10000 }),
      entry({ date: "2026-01-02T08:00:00.000Z", kind: "charge", reference: "Sale #2", amount: 5000 }),
    ]);
    expect(s.lines.map((l) => [l.charge, l.payment, l.balance])).toEqual([
      [10000, 0, 10000],
      [5000, 0, 15000],
      [0, 3000, 12000],
    ]);
    expect(s).toMatchObject({ totalCharged: 15000, totalPaid: 3000, balance: 12000 });
  });
  it("puts a charge before a payment made at the same instant", () => {
    const s = buildStatement([entry({ kind: "payment", amount: 500 }), entry({ kind: "charge", amount: 500 })]);
    expect(s.lines.map((l) => l.kind)).toEqual(["charge", "payment"]);
    expect(s.lines.map((l) => l.balance)).toEqual([500, 0]);
  });
  it("is empty with nothing", () => {
    expect(buildStatement([])).toEqual({ lines: [], totalCharged: 0, totalPaid: 0, balance: 0 });
  });
});
