import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { formatAmount } from "../../packages/shared/src/money/money.ts";
import { computePayslip } from "../../packages/shared/src/payroll/payslip.ts";
import { ruleSetForMonth, type RuleSet } from "../../packages/shared/src/payroll/rule-set.ts";
import { SUPPORT } from "../global-setup.ts";
import { menuLabels, ownerSignIn, registerFromHome, unique, closeToasts, SCREENS, pickOption } from "./helpers.ts";

/**
 * Issue 11's walk: an owner of a payroll-type business adds two employees in the app (one a
 * Cashier who signs in), runs payroll for January 2026, approves it and downloads a payslip PDF
 * whose figures are the shared computation's; the Cashier then sees only their own payslip under
 * My Account and no HR. Each page is photographed at 1366x768 and 390x844.
 */
test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Mshahara ${id}`, username: `pay${id}`, password: "secret123" };
const cashier = { username: `wanjiku${id}`, password: "cashier123", basic: 50_000 };
const accountant = { username: `otieno${id}`, password: "account123", basic: 100_000 };
let staffCode = "";
let ownerPage: Page;
let runUrl = "";
let accountantPayslipUrl = "";

/** Screenshots of the page as it is, on a laptop and on a phone; nothing may be wider than the phone. */
async function shots(page: Page, name: string, { checkMenu = true } = {}) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SCREENS}/payroll-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300); // let the layout settle after the resize (a screenshot, not an assertion)
  await page.screenshot({ path: `${SCREENS}/payroll-${name}-390.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than a 390 px phone`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1366, height: 768 });
  // Back at the laptop's width the menu is open again, as it was before the phone's width.
  if (!checkMenu || (await page.getByRole("dialog").isVisible())) return;
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
}

/** The text of every page of a PDF, read with pdf.js (a separate reader from the server's pdfkit). */
async function pdfText(path: string): Promise<string> {
  // Text only: pdf.js needs no font files for that (it warns once that it has none to draw with).
  const doc = await getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str.trim() : ""))
        .filter(Boolean)
        .join("\n"),
    );
  }
  return pages.join("\n");
}

async function addEmployee(page: Page, who: { username: string; password: string }, occupation: string) {
  await page.getByRole("link", { name: "HR Department" }).click();
  await page.getByRole("link", { name: "Add employee" }).click();
  await expect(page).toHaveURL(/\/employees\/new$/);
  const form = page.getByRole("form", { name: "New employee" });
  await form.getByLabel("Username").fill(who.username);
  await form.getByLabel("Password").fill(who.password);
  await pickOption(form.getByLabel("Occupation"), { name: occupation, exact: true });
  await form.getByRole("button", { name: "Add employee" }).click();
  await expect(page).toHaveURL(/\/employees\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: who.username })).toBeVisible();
}

async function savePay(page: Page, basic: number, pay: { mpesa?: string; bank?: [string, string] }) {
  const form = page.getByRole("form", { name: "Pay and statutory details" });
  await form.getByLabel("KRA PIN").fill("A123456789B");
  await form.getByLabel("NSSF number").fill("NS-1");
  await form.getByLabel("SHA number").fill("SHA-1");
  await pickOption(form.getByLabel("Pay method"), { name: pay.mpesa ? "M-Pesa" : "Bank", exact: true });
  if (pay.mpesa) await form.getByLabel("M-Pesa number").fill(pay.mpesa);
  if (pay.bank) {
    await form.getByLabel("Bank", { exact: true }).fill(pay.bank[0]);
    await form.getByLabel("Bank account number").fill(pay.bank[1]);
  }
  await form.getByLabel("Basic pay per month").fill(String(basic));
  await form.getByRole("button", { name: "Save pay details" }).click();
  await expect(page.getByText(/Pay details of .* saved/)).toBeVisible();
}

test("the owner of a payroll business adds two employees with their pay details in the app", async ({ browser }) => {
  ownerPage = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const page = ownerPage;
  await registerFromHome(page, { ...owner, type: "Payroll" });
  // Spec section 6: a payroll-type business shows only HR, Payroll, Settings and Logout to its owner.
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  expect(await menuLabels(page)).toEqual(["HR Department", "Payroll", "Settings", "Logout"]);
  await page.getByRole("link", { name: "Settings" }).click();
  staffCode = (await page.getByTestId("staff-access-code").innerText()).trim();

  await page.getByRole("link", { name: "HR Department" }).click();
  await expect(page.getByTestId("employees-grid")).toContainText("No employees yet");
  await shots(page, "employees-empty");

  await addEmployee(page, cashier, "Cashier");
  // Bad input is refused on its field and nothing is saved.
  const form = page.getByRole("form", { name: "Pay and statutory details" });
  await form.getByLabel("Basic pay per month").fill("-500");
  await form.getByRole("button", { name: "Save pay details" }).click();
  await expect(form.getByText("Enter an amount in shillings")).toBeVisible();
  await savePay(page, cashier.basic, { mpesa: "0712345678" });
  await shots(page, "employee-edit");

  await closeToasts(page);
  await addEmployee(page, accountant, "Accountant");
  await savePay(page, accountant.basic, { bank: ["KCB", "1234567"] });

  await page.getByRole("link", { name: "HR Department" }).click();
  const grid = page.getByTestId("employees-grid");
  await expect(grid.getByText(cashier.username)).toBeVisible();
  await expect(grid.getByText(accountant.username)).toBeVisible();
  await page.getByPlaceholder("Search employees").fill("cashier");
  await expect(grid.getByText(accountant.username)).toBeHidden();
  await expect(grid.getByText(cashier.username)).toBeVisible();
  await page.getByPlaceholder("Search employees").fill("");
  await shots(page, "employees");
});

test("the owner runs payroll for January 2026, approves it and downloads a payslip that matches the shared computation", async () => {
  const page = ownerPage;
  await closeToasts(page);
  await page.getByRole("link", { name: "Payroll" }).click();
  await expect(page.getByTestId("payrolls-grid")).toContainText("No payroll runs yet");
  await page.getByLabel("Pay month").fill("2026-01");
  await expect(page.getByTestId("run-preview")).toContainText("Statutory rules: NSSF year 3 (Feb 2025)");
  await expect(page.getByTestId("run-preview")).toContainText("2 of 2 employees have pay details");
  await shots(page, "payroll");
  await page.getByRole("button", { name: "Run payroll" }).click();
  await expect(page).toHaveURL(/\/payroll\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("payroll-status").first()).toHaveText("Draft");
  const lines = page.getByTestId("payroll-lines");
  await expect(lines.getByText(cashier.username)).toBeVisible();
  await expect(lines.getByText(accountant.username)).toBeVisible();
  // The oracles: 50,000 -> net 39,029.15; 100,000 -> net 71,617.65.
  await expect(lines).toContainText("KES 39,029.15");
  await expect(lines).toContainText("KES 71,617.65");
  await expect(page.getByTestId("run-totals")).toContainText("KES 110,646.80");

  // A second run for the same month is refused.
  await closeToasts(page);
  await page.getByRole("link", { name: "Payroll" }).click();
  await page.getByLabel("Pay month").fill("2026-01");
  await page.getByRole("button", { name: "Run payroll" }).click();
  await expect(page.getByTestId("run-error")).toContainText("There is already a payroll for 2026-01");
  await page.getByTestId("payrolls-grid").getByRole("link", { name: "January 2026" }).click();

  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("payroll-status").first()).toHaveText("Approved");
  await expect(page.getByRole("button", { name: "Approve" })).toBeHidden();
  await shots(page, "run");
  runUrl = page.url();
  accountantPayslipUrl = (await page
    .getByTestId("payroll-lines")
    .getByRole("link", { name: accountant.username })
    .getAttribute("href"))!;

  // The PAYE return: one row per employee with PIN, gross, taxable pay and PAYE, and a total.
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "PAYE return" }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe("paye-2026-01.csv");
  const paye = await readFile(await csv.path(), "utf8");
  expect(paye).toContain(`${cashier.username},A123456789B,50000.00,5125.00,44875.00,8245.85,2400.00,0.00,5845.85`);
  expect(paye.trim().split("\n")).toHaveLength(4);

  // The Cashier's payslip, and its PDF.
  await page.getByTestId("payroll-lines").getByRole("link", { name: cashier.username }).click();
  await expect(page).toHaveURL(/\/payrollEmployee\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("payslip-net")).toContainText("KES 39,029.15");
  await shots(page, "payslip");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`payslip-2026-01-${cashier.username}.pdf`);
  const text = await pdfText(await download.path());

  // The shared computation with the rule set the server holds for January 2026.
  const token = await page.evaluate(async () => {
    const res = await fetch("/api/auth/me");
    return res.status;
  });
  expect(token).toBe(401); // the API needs the bearer token; read the rule sets with the owner's sign-in
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  const ruleSets = (await (
    await page.request.get("/api/payrollRuleSets", {
      headers: { authorization: `Bearer ${(await login.json()).token}` },
    })
  ).json()) as RuleSet[];
  const rules = ruleSetForMonth(ruleSets, "2026-01")!;
  expect(rules.effectiveFrom).toBe("2025-02-01");
  const expected = computePayslip(
    { basicPay: cashier.basic * 100, allowances: [], commissions: 0, deductions: [] },
    rules.rules,
  );
  expect(text).toContain(cashier.username);
  expect(text).toContain("Payslip for January 2026");
  for (const [label, cents] of [
    ["Gross pay", expected.gross],
    ["NSSF tier I", expected.nssfTier1],
    ["NSSF tier II", expected.nssfTier2],
    ["SHIF", expected.shif],
    ["Affordable Housing Levy", expected.ahl],
    ["Taxable pay", expected.taxablePay],
    ["Tax charged", expected.taxBeforeRelief],
    ["Personal relief", expected.personalRelief],
    ["Total deductions", expected.totalDeductions],
    ["Net pay (KES)", expected.net],
    ["Cost to employer", expected.employerCost],
  ] as const)
    expect(text, label).toMatch(new RegExp(`${label.replace(/[()]/g, "\\$&")}\\n+${formatAmount(cents)}`));
  expect(expected.net).toBe(3_902_915);
  expect(text).toMatch(/PAYE\n+5,845\.85/);
});

test("payroll and commission analysis, an employee's history, and the support card for rule sets", async ({
  browser,
}) => {
  const page = ownerPage;
  await closeToasts(page);
  await page.goto("/payroll/analysis");
  await expect(page.getByTestId("cost-table")).toContainText("January 2026");
  await expect(page.locator(".MuiChartsSurface-root").first()).toBeVisible();
  await shots(page, "analysis");

  await page.goto("/commission/analysis");
  await page.getByRole("button", { name: "Add rule" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Add rule" }).click();
  await expect(dialog.getByText("Choose an employee")).toBeVisible();
  await pickOption(dialog.getByLabel("Employee"), { name: new RegExp(cashier.username) });
  await dialog.getByLabel("Percentage of sales (%)").fill("2.5");
  await dialog.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByTestId("commission-rules")).toContainText("2.5% of sales served");
  await shots(page, "commissions");

  await page.getByRole("link", { name: "HR Department" }).click();
  await page.getByTestId("employees-grid").getByRole("link", { name: cashier.username, exact: true }).click();
  await expect(page).toHaveURL(/\/employee\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("table", { name: "Payslip history" })).toContainText("KES 39,029.15");
  await shots(page, "employee-profile");

  // The money went out: the run is marked paid with the day and the M-Pesa bulk reference.
  await page.goto(runUrl);
  await page.getByRole("button", { name: "Mark paid" }).click();
  const paid = page.getByRole("dialog");
  await paid.getByLabel("Paid on").fill("2026-02-05");
  await paid.getByLabel("Reference (bank batch or M-Pesa)").fill("BULK-0205");
  await paid.getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByTestId("payroll-status").first()).toHaveText("Paid");
  await expect(page.getByText("Paid on 2026-02-05 (BULK-0205)")).toBeVisible();

  const support = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await ownerSignIn(support, SUPPORT.username, SUPPORT.password);
  await support.getByRole("link", { name: "Settings" }).click();
  await expect(support.getByTestId("rule-sets")).toContainText("2026-02-01");
  await support.getByRole("button", { name: "Add rule set" }).click();
  const form = support.getByRole("dialog");
  await form.getByLabel("Name").fill(`Test rules ${id}`);
  await form.getByLabel("In force from").fill("2031-01-01");
  await form.getByLabel("NSSF upper earnings limit (tier II)").fill("lots");
  await form.getByRole("button", { name: "Add rule set" }).click();
  await expect(form.getByText("Enter a number")).toBeVisible();
  await form.getByLabel("NSSF upper earnings limit (tier II)").fill("120000");
  await shots(support, "rule-set-dialog");
  await form.getByRole("button", { name: "Add rule set" }).click();
  await expect(support.getByTestId("rule-sets")).toContainText(`Test rules ${id}`);
  await expect(support.getByTestId("rule-sets")).toContainText("KES 120,000.00");
  await support.close();
});

test("the Cashier signs in and sees only their own payslip under My Account, and no HR", async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto("/home");
  await page.getByText("Staff", { exact: true }).click();
  await page.getByRole("textbox", { name: "Staff access code" }).fill(staffCode);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/normalaccounts$/);
  await page.getByLabel("Username").fill(cashier.username);
  await page.getByLabel("Password").fill(cashier.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  expect(await menuLabels(page)).toEqual(["My Account", "Settings", "Logout"]);

  await page.getByRole("link", { name: "My Account" }).click();
  await expect(page).toHaveURL(/\/myaccount\/[0-9a-f-]{36}$/);
  const mine = page.getByTestId("my-payslips");
  await expect(mine.locator("tbody tr")).toHaveCount(1);
  await expect(mine).toContainText("January 2026");
  await expect(mine).toContainText("KES 39,029.15");
  await expect(mine).not.toContainText("KES 71,617.65");
  await shots(page, "my-account");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    mine.getByRole("button", { name: "Download PDF" }).click(),
  ]);
  const text = await pdfText(await download.path());
  expect(text).toContain(cashier.username);
  expect(text).not.toContain(accountant.username);
  expect(text).toMatch(/Net pay \(KES\)\n+39,029\.15/);

  await mine.getByRole("link", { name: "View" }).click();
  await expect(page.getByTestId("payslip-net")).toContainText("KES 39,029.15");

  // No HR: not in the menu, and the pages say so (the server refuses too).
  await page.goto(accountantPayslipUrl);
  await expect(page.getByText("You can only see your own payslips")).toBeVisible();
  await page.goto("/employees");
  await expect(page.getByTestId("no-access")).toBeVisible();
  await page.goto("/payroll");
  await expect(page.getByTestId("no-access")).toBeVisible();

  // Their own settings: a wrong current password is refused on its field.
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settingEmployee\/[0-9a-f-]{36}$/);
  const pw = page.getByRole("form", { name: "Change password" });
  await pw.getByLabel("Current password").fill("not-my-password");
  await pw.getByLabel("New password", { exact: true }).fill("newpass123");
  await pw.getByLabel("New password again").fill("newpass123");
  await pw.getByRole("button", { name: "Change password" }).click();
  await expect(pw.getByText("This is not your current password")).toBeVisible();
  await pw.getByLabel("Current password").fill(cashier.password);
  await pw.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password was changed")).toBeVisible();
  await shots(page, "employee-settings");

  // The same pages in Swahili.
  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  await page.getByRole("link", { name: "Akaunti yangu" }).click();
  await expect(page.getByRole("heading", { name: "Hati zangu za mshahara" })).toBeVisible();
  await shots(page, "my-account-sw", { checkMenu: false });
  await page.getByTestId("language-switch").getByRole("button", { name: "English" }).click();
  await page.close();
});
