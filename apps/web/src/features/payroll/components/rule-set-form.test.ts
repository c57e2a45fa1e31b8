import { describe, expect, it } from "vitest";
import { KENYA_RULE_SETS } from "@app/shared/payroll/kenya-rule-sets";
import { createRuleSetInputSchema } from "@app/shared/payroll/rule-set";
import { basisPointsOf, formOfRules, inputOfRuleSetForm } from "./rule-set-form.ts";

const latest = KENYA_RULE_SETS.at(-1)!;

describe("the rule set form", () => {
  it("round-trips a seeded rule set to the same rules", () => {
    const form = { ...formOfRules(latest.rules), name: "Copy", effectiveFrom: "2027-01-01" };
    expect(form.bands[1]).toEqual({ upTo: "32333.00", rate: "25" });
    expect(form.percent.shifRate).toBe("2.75");
    const parsed = createRuleSetInputSchema.parse(inputOfRuleSetForm(form));
    expect(parsed.rules).toEqual(latest.rules);
  });

  it("reads percentages to the basis point and refuses other text", () => {
    expect(basisPointsOf("32.5")).toBe(3250);
    expect(basisPointsOf("2.75")).toBe(275);
    expect(basisPointsOf("abc")).toBeNaN();
    expect(basisPointsOf("1.234")).toBeNaN();
  });

  it("a changed NSSF limit is taken; a mistyped one is refused on its field", () => {
    const form = formOfRules(latest.rules);
    form.money.nssfUpperLimit = "120000";
    const ok = createRuleSetInputSchema.parse(inputOfRuleSetForm({ ...form, name: "x", effectiveFrom: "2027-02-01" }));
    expect(ok.rules.nssf.upperLimit).toBe(12_000_000);
    form.money.nssfUpperLimit = "lots";
    const bad = createRuleSetInputSchema.safeParse(
      inputOfRuleSetForm({ ...form, name: "x", effectiveFrom: "2027-02-01" }),
    );
    expect(bad.error!.issues[0]!.path).toEqual(["rules", "nssf", "upperLimit"]);
  });
});
