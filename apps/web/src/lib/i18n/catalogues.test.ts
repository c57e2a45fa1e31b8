import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildMenu } from "@app/shared/permissions/menu";
import { MENU_LABELS } from "./menu-labels.ts";

/** msgid -> msgstr of a .po catalogue (single-line entries, as lingui extract writes them). */
function entriesOf(language: string, part: string): Map<string, string> {
  const file = path.join(import.meta.dirname, "../../locales", language, `${part}.po`);
  const text = readFileSync(file, "utf8");
  const entries = new Map<string, string>();
  for (const m of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    if (m[1]) entries.set(m[1], m[2]!);
  }
  return entries;
}

describe("the English and Swahili catalogues", () => {
  for (const part of ["public", "app"]) {
    it(`${part}: every message exists in both languages, and every Swahili one is translated`, () => {
      const en = entriesOf("en", part);
      const sw = entriesOf("sw", part);
      expect(en.size).toBeGreaterThan(0);
      expect([...en.keys()].filter((id) => !sw.has(id))).toEqual([]);
      expect([...sw.keys()].filter((id) => !en.has(id))).toEqual([]);
      expect([...sw].filter(([, translated]) => !translated.trim()).map(([id]) => id)).toEqual([]);
    });
  }

  it("every menu label of the shared menu has a message", () => {
    const owner = {
      isAdmin: true,
      details: {
        username: "o",
        occupation: null,
        isSupportUser: true,
        handleStock: true,
        handleTransfer: true,
        reviewStock: true,
        viewPayroll: true,
        viewBooking: true,
        viewEmployee: true,
        viewSupplies: true,
        viewExpenses: true,
      },
    };
    const labels = new Set<string>();
    for (const businessType of ["general", "hotel", "clinic", "payroll"] as const) {
      for (const entry of buildMenu(owner as never, { businessType })) {
        labels.add(entry.label);
        entry.children?.forEach((c) => labels.add(c.label));
      }
    }
    expect([...labels].filter((label) => !MENU_LABELS[label])).toEqual([]);
  });
});
