import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { menuLabels, registerWithToken, shot, unique } from "./helpers.ts";

/**
 * Issue 33 item 5, no dead ends: a Cashier of a general business reaches their approved payslip
 * from the menu (My Account) and the payslip's Back link leads to a page they can use; the
 * clinic's start-visit dialog waits for the price list before it lets a visit be queued (it
 * said "No consultation fee is on the price list" while the list was loading, and a quick click
 * queued the visit without its fee).
 */

async function api(request: APIRequestContext, token: string, method: "post" | "put", path: string, data?: object) {
  const res = await request[method](path, {
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    data,
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

test("a Cashier of a general business opens their payslip from My Account and comes back to it", async ({
  page,
  browser,
}) => {
  const id = unique();
  const { token, businessId } = await registerWithToken(page, { businessName: `Duka ${id}`, username: `dd${id}` });
  const cashier = { username: `wanjiku${id}`, password: "cashpass1" };
  const employee = await api(page.request, token, "post", "/api/employeesAuth/register", {
    businessId,
    ...cashier,
    occupation: "Cashier",
  });
  await api(page.request, token, "put", `/api/payProfiles/${employee._id}`, {
    basicPay: 3_000_000,
    kraPin: "A123456789B",
    nssfNumber: "NSSF-1",
    shaNumber: "SHA-1",
    idNumber: "12345678",
    payMethod: "mpesa",
    mpesaPhone: "0712345678",
  });
  const run = await api(page.request, token, "post", "/api/payrolls", { businessId, month: "2026-01" });
  await api(page.request, token, "post", `/api/payrolls/${run._id}/approve`);
  const code = await api(page.request, token, "post", `/api/businesses/${businessId}/staffAccessCode`);

  const staff = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await staff.goto("/home");
  await staff.getByText("Staff", { exact: true }).click();
  await staff.getByRole("textbox", { name: "Staff access code" }).fill(code.staffAccessCode);
  await staff.getByRole("button", { name: "Continue" }).click();
  await staff.getByLabel("Username").fill(cashier.username);
  await staff.getByLabel("Password").fill(cashier.password);
  await staff.getByRole("button", { name: "Sign in" }).click();
  expect(await menuLabels(staff)).toContain("My Account");

  await staff.getByTestId("sidebar-menu").getByRole("link", { name: "My Account" }).click();
  const mine = staff.getByTestId("my-payslips");
  await expect(mine).toContainText("January 2026");
  await shot(staff, "no-dead-ends-cashier-my-account");
  await mine.getByRole("link", { name: "View" }).click();
  await expect(staff.getByTestId("payslip-net")).toBeVisible();
  await staff.getByRole("link", { name: "Back to My Account" }).click();
  await expect(staff.getByTestId("no-access")).toHaveCount(0);
  await expect(staff.getByTestId("my-payslips")).toContainText("January 2026");
  await staff.close();
});

test("the start-visit dialog waits for the price list before a visit can be queued", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const id = unique();
  const { token, businessId } = await registerWithToken(page, {
    businessName: `Kliniki ${id}`,
    username: `kd${id}`,
    type: "Clinic",
  });
  await api(page.request, token, "post", "/api/clinic/services", {
    businessId,
    kind: "consultation",
    name: "General consultation",
    price: 50_000,
  });
  // The price list answers only when the test lets it (a slow network).
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/clinic/services?**", async (route) => {
    await released;
    await route.continue();
  });

  await page.goto("/reception");
  await page.getByRole("button", { name: "Register patient" }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Full name").fill("Achieng Otieno");
  await form.getByLabel("Sex").click();
  await page.getByRole("option", { name: "Female" }).click();
  await form.getByLabel("Birth date").fill("1992-03-14");
  await form.getByRole("button", { name: "Register" }).click();

  const dialog = page.getByRole("dialog", { name: "Start a visit for Achieng Otieno" });
  await expect(dialog.getByText("Loading the price list…")).toBeVisible();
  await expect(dialog.getByText(/No consultation fee/)).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Queue visit" })).toBeDisabled();
  await shot(page, "no-dead-ends-start-visit-loading");

  release();
  await expect(dialog.getByRole("combobox", { name: "Consultation" })).toContainText(
    "General consultation · KES 500.00",
  );
  await expect(dialog.getByRole("button", { name: "Queue visit" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Queue visit" }).click();
  await expect(page.getByTestId("queue")).toContainText("Achieng Otieno");
});
