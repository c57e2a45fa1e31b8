import { describe, expect, it } from "vitest";
import type { BusinessType } from "../businesses/business.ts";
import { mayUseArea, type Actor } from "./areas.ts";
import { buildMenu, landingPath } from "./menu.ts";

const NO_FLAGS = {
  handleStock: false,
  handleTransfer: false,
  reviewStock: false,
  viewPayroll: false,
  viewBooking: false,
  viewEmployee: false,
  viewSupplies: false,
  viewExpenses: false,
};
const ALL_FLAGS = Object.fromEntries(Object.keys(NO_FLAGS).map((k) => [k, true])) as typeof NO_FLAGS;

type TestActor = Actor & { details: { _id: string } };
const admin: TestActor = {
  isAdmin: true,
  details: { _id: "a1", username: "owner", occupation: "Owner", isSupportUser: false, ...ALL_FLAGS },
};
const support: TestActor = {
  isAdmin: true,
  details: { _id: "s1", username: "help", occupation: "Support", isSupportUser: true, ...ALL_FLAGS },
};
const employee = (over: Partial<TestActor["details"]> = {}): TestActor => ({
  isAdmin: false,
  details: { _id: "e1", username: "jane", occupation: "Waiter", isSupportUser: false, ...NO_FLAGS, ...over },
});
const business = (businessType: BusinessType = "general", accountActive = true) => ({ businessType, accountActive });
const keys = (actor: TestActor, type: BusinessType = "general") => buildMenu(actor, business(type)).map((e) => e.key);

describe("menu visibility (spec section 6)", () => {
  it("admin sees every entry of a general business, in sidebar order", () => {
    expect(keys(admin)).toEqual([
      "home",
      "hr",
      "customers",
      "inventory",
      "pos",
      "sales",
      "wholesale",
      "olderSales",
      "salesDocuments",
      "transactions",
      "expenses",
      "payroll",
      "reports",
      "supplies",
      "settings",
      "logout",
    ]);
  });

  it.each(["home", "olderSales", "wholesale", "salesDocuments", "reports"])("%s is admin only", (key) => {
    expect(keys(admin)).toContain(key);
    expect(keys(employee(ALL_FLAGS))).not.toContain(key);
  });

  it.each(["handleStock", "handleTransfer", "reviewStock"] as const)("Inventory: admin or %s", (flag) => {
    expect(keys(employee())).not.toContain("inventory");
    expect(keys(employee({ [flag]: true }))).toContain("inventory");
  });

  it.each([
    ["payroll", "viewPayroll"],
    ["hr", "viewEmployee"],
    ["supplies", "viewSupplies"],
    ["expenses", "viewExpenses"],
  ] as const)("%s: admin or %s", (key, flag) => {
    expect(keys(admin)).toContain(key);
    expect(keys(employee())).not.toContain(key);
    expect(keys(employee({ [flag]: true }))).toContain(key);
  });

  it("Rooms: admin or viewBooking, hotel businesses only", () => {
    expect(keys(admin, "hotel")).toContain("rooms");
    expect(keys(employee({ viewBooking: true }), "hotel")).toContain("rooms");
    expect(keys(employee(), "hotel")).not.toContain("rooms");
    expect(keys(admin, "general")).not.toContain("rooms");
    expect(keys(employee({ viewBooking: true }), "clinic")).not.toContain("rooms");
  });

  it("Transactions: admin or a Cashier; hidden from Stock Handlers", () => {
    expect(keys(admin)).toContain("transactions");
    expect(keys(employee({ occupation: "Cashier" }))).toContain("transactions");
    expect(keys(employee({ occupation: "Waiter" }))).not.toContain("transactions");
    expect(keys(employee({ occupation: "Stock Handler", ...ALL_FLAGS }))).not.toContain("transactions");
  });

  it("Requests and Subscription: support users only", () => {
    expect(keys(support)).toEqual(expect.arrayContaining(["requests", "subscription", "failedJobs"]));
    expect(buildMenu(support, business()).find((e) => e.key === "failedJobs")?.path).toBe("/failed-jobs");
    expect(keys(admin)).not.toContain("requests");
    expect(keys(admin)).not.toContain("failedJobs");
    expect(keys(employee(ALL_FLAGS))).not.toContain("failedJobs");
    expect(keys(admin)).not.toContain("subscription");
    expect(keys(employee(ALL_FLAGS))).not.toContain("subscription");
  });

  it("Settings: admins go to /settings, others to /settingEmployee/{id}", () => {
    expect(buildMenu(admin, business()).find((e) => e.key === "settings")?.path).toBe("/settings");
    expect(buildMenu(employee(), business()).find((e) => e.key === "settings")?.path).toBe("/settingEmployee/e1");
  });

  it("My Account: non-admins of every business type (their payslips), never the owner", () => {
    expect(keys(employee(), "payroll")).toContain("myAccount");
    expect(buildMenu(employee(), business("payroll")).find((e) => e.key === "myAccount")?.path).toBe("/myaccount/e1");
    expect(keys(admin, "payroll")).not.toContain("myAccount");
    for (const type of ["general", "hotel", "clinic"] as const) expect(keys(employee(), type)).toContain("myAccount");
    expect(keys(admin, "general")).not.toContain("myAccount");
  });

  it("everyone sees Customers, POS, Sales, My Account, Settings and Logout in a general business", () => {
    expect(keys(employee())).toEqual(["customers", "pos", "sales", "myAccount", "settings", "logout"]);
  });
});

describe("Stock Handler", () => {
  const handler = employee({ occupation: "Stock Handler", handleStock: true });
  it("does not see Sales, Wholesale, Sales Documents, Transactions or Pharmacy", () => {
    for (const type of ["general", "clinic"] as const) {
      const k = keys(handler, type);
      for (const hidden of ["sales", "wholesale", "salesDocuments", "transactions", "pharmacy"])
        expect(k).not.toContain(hidden);
    }
  });
  it("keeps Inventory and the rest", () => {
    expect(keys(handler)).toEqual(["customers", "inventory", "pos", "myAccount", "settings", "logout"]);
  });
  it("an admin whose occupation reads Stock Handler is still an admin", () => {
    const odd: TestActor = { ...admin, details: { ...admin.details, occupation: "Stock Handler" } };
    expect(keys(odd)).toContain("sales");
  });
});

describe("business-type variants", () => {
  it("payroll business: only HR, My Account (non-admin), Payroll, Settings and Logout", () => {
    expect(keys(admin, "payroll")).toEqual(["hr", "payroll", "settings", "logout"]);
    expect(keys(employee(ALL_FLAGS), "payroll")).toEqual(["hr", "payroll", "myAccount", "settings", "logout"]);
    expect(keys(support, "payroll")).toEqual(["hr", "payroll", "settings", "logout"]);
  });

  it("clinic business: Pharmacy and Clinic groups, and Pharmacy replaces the plain POS link", () => {
    const menu = buildMenu(admin, business("clinic"));
    const k = menu.map((e) => e.key);
    expect(k).toContain("pharmacy");
    expect(k).toContain("clinic");
    expect(k).not.toContain("pos");
    expect(menu.find((e) => e.key === "pharmacy")?.children).toEqual([
      { label: "POS", path: "/pos" },
      { label: "Prescriptions", path: "/prescriptions" },
    ]);
    expect(menu.find((e) => e.key === "clinic")?.children?.map((c) => c.label)).toEqual([
      "Reception",
      "Consultation",
      "Patient Records",
      "Lab",
      "Clinic Reports",
    ]);
  });

  it("general and hotel businesses have no Pharmacy or Clinic group", () => {
    for (const type of ["general", "hotel"] as const) {
      expect(keys(admin, type)).not.toContain("pharmacy");
      expect(keys(admin, type)).not.toContain("clinic");
      expect(keys(admin, type)).toContain("pos");
    }
  });

  it("without a chosen business the menu is that of a general business", () => {
    expect(buildMenu(admin, null).map((e) => e.key)).toEqual(keys(admin, "general"));
  });
});

describe("inactive account (spec section 4)", () => {
  it("shows only Account Inactive and Logout to the owner and staff", () => {
    for (const actor of [admin, employee(ALL_FLAGS)]) {
      expect(buildMenu(actor, business("general", false)).map((e) => e.label)).toEqual(["Account Inactive", "Logout"]);
    }
  });
  it("shows Settings as well to support, and to a user named Support", () => {
    expect(buildMenu(support, business("general", false)).map((e) => e.label)).toEqual([
      "Account Inactive",
      "Settings",
      "Logout",
    ]);
    const named = employee({ username: "Support" });
    expect(buildMenu(named, business("general", false)).map((e) => e.label)).toEqual([
      "Account Inactive",
      "Settings",
      "Logout",
    ]);
  });
  it("Account Inactive goes to /error", () => {
    expect(buildMenu(admin, business("general", false))[0]).toMatchObject({
      label: "Account Inactive",
      path: "/error",
    });
  });
  it("accountActive left undefined counts as active", () => {
    expect(buildMenu(admin, { businessType: "general" }).map((e) => e.key)).toContain("home");
  });
  it("no area is usable on an inactive account except Settings for support", () => {
    expect(mayUseArea("inventory", admin, business("general", false))).toBe(false);
    expect(mayUseArea("settings", admin, business("general", false))).toBe(false);
    expect(mayUseArea("settings", support, business("general", false))).toBe(true);
  });
});

describe("landingPath", () => {
  it("sends an owner home, a Cashier or Waiter to the POS, a Stock Handler to stock, others to their first menu entry", () => {
    expect(landingPath(admin, business())).toBe("/");
    expect(landingPath(employee({ occupation: "Stock Handler", handleStock: true }), business())).toBe("/products");
    expect(landingPath(employee({ occupation: "Stock Handler" }), business())).toBe("/customers");
    expect(landingPath(employee({ occupation: "Cashier" }), business())).toBe("/pos");
    expect(landingPath(employee({ occupation: "Waiter" }), business("hotel"))).toBe("/pos");
    expect(landingPath(employee({ occupation: "Cashier" }), business("clinic"))).toBe("/pos");
    expect(landingPath(employee({ occupation: "Accountant" }), business())).toBe("/customers");
    expect(landingPath(employee(), business("payroll"))).toBe("/myaccount/e1");
    expect(landingPath(admin, business("general", false))).toBe("/error");
  });
  it("goes back to the page last open on this device when the menu still offers it", () => {
    expect(landingPath(admin, business(), "/oldersales")).toBe("/oldersales");
    expect(landingPath(employee({ occupation: "Cashier" }), business(), "/sales")).toBe("/sales");
    // An owner's page remembered on a shared till is not a Cashier's: the POS instead.
    expect(landingPath(employee({ occupation: "Cashier" }), business(), "/oldersales")).toBe("/pos");
    expect(landingPath(employee({ occupation: "Cashier" }), business(), "/error")).toBe("/pos");
  });
});

describe("the clinic's pages in the menu, by role (issue 33 item 5)", () => {
  const clinicPages = (actor: TestActor) =>
    buildMenu(actor, business("clinic"))
      .find((e) => e.key === "clinic")
      ?.children?.map((c) => c.label) ?? null;
  it("a receptionist sees Reception and Patient Records, not Consultation, Lab or Clinic Reports", () => {
    expect(clinicPages(employee({ occupation: "Receptionist" }))).toEqual(["Reception", "Patient Records"]);
  });
  it("each clinical role sees the pages of its work; the owner all five", () => {
    expect(clinicPages(employee({ occupation: "Doctor" }))).toEqual([
      "Reception",
      "Consultation",
      "Patient Records",
      "Lab",
    ]);
    expect(clinicPages(employee({ occupation: "Lab Technician" }))).toEqual(["Reception", "Patient Records", "Lab"]);
    expect(clinicPages(employee({ occupation: "Manager" }))).toEqual([
      "Reception",
      "Patient Records",
      "Clinic Reports",
    ]);
    expect(clinicPages(admin)).toEqual(["Reception", "Consultation", "Patient Records", "Lab", "Clinic Reports"]);
    expect(clinicPages(support)).toEqual(["Clinic Reports"]);
  });
  it("a role with no clinic page has no Clinic group; a Cashier's Pharmacy keeps the till, not prescriptions", () => {
    const cashier = employee({ occupation: "Cashier" });
    expect(clinicPages(cashier)).toBeNull();
    const pharmacy = buildMenu(cashier, business("clinic")).find((e) => e.key === "pharmacy");
    expect(pharmacy?.children?.map((c) => c.label)).toEqual(["POS"]);
  });
});
