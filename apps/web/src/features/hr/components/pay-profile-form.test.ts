import { describe, expect, it } from "vitest";
import { payProfileInputSchema, type PayProfile } from "@app/shared/payroll/pay-profile";
import { formOfProfile, inputOfForm } from "./pay-profile-form.ts";

const profile: PayProfile = {
  employeeId: "00000000-0000-4000-8000-000000000001",
  businessId: "00000000-0000-4000-8000-000000000002",
  employeeName: "ann",
  occupation: "Cashier",
  active: true,
  saved: true,
  kraPin: "A123456789B",
  nssfNumber: null,
  shaNumber: null,
  idNumber: null,
  payMethod: "mpesa",
  bankName: null,
  bankAccount: null,
  mpesaPhone: "0712345678",
  basicPay: 5_000_000,
  allowances: [{ name: "House", amount: 500_050 }],
  deductions: [{ kind: "helb", name: "HELB", amount: 150_000 }],
  updatedAt: null,
};

describe("the pay profile form", () => {
  it("shows cents as shillings and turns them back into the same cents", () => {
    const form = formOfProfile(profile);
    expect(form.basicPay).toBe("50000.00");
    expect(form.allowances[0]!.amount).toBe("5000.50");
    const input = payProfileInputSchema.parse(inputOfForm(form));
    expect(input).toMatchObject({ basicPay: 5_000_000, allowances: [{ amount: 500_050 }], mpesaPhone: "0712345678" });
  });

  it("a blank or mistyped amount is refused on its field, negative too", () => {
    const blank = payProfileInputSchema.safeParse(inputOfForm({ ...formOfProfile(profile), basicPay: "" }));
    expect(blank.success).toBe(false);
    expect(blank.error!.issues[0]!.path).toEqual(["basicPay"]);
    const negative = payProfileInputSchema.safeParse(inputOfForm({ ...formOfProfile(profile), basicPay: "-5" }));
    expect(negative.success).toBe(false);
  });

  it("an unsaved profile starts empty; numbers of another pay method are not sent", () => {
    expect(formOfProfile({ ...profile, saved: false, basicPay: 0 }).basicPay).toBe("");
    const input = inputOfForm({ ...formOfProfile(profile), payMethod: "bank", bankName: "KCB", bankAccount: "1" });
    expect(input.mpesaPhone).toBeNull();
    expect(input.bankName).toBe("KCB");
  });
});
