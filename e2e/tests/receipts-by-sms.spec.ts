import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { registerWithToken, SCREENS, shot, unique } from "./helpers.ts";

/**
 * Issue 31 item 7: a cashier sells and sends the receipt by SMS (the fake Africa's Talking of the
 * global set-up); the customer opens the receipt's link signed out; the owner sees the message,
 * sent and its cost, in Settings.
 */
test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Duka SMS ${id}`, username: `sms${id}` };
const cashier = { username: `cash${id}`, password: "secret123" };
let ownerPage: Page;
let till: Page;
let token = "";
let businessId = "";
let link = "";

async function api(request: APIRequestContext, method: "get" | "post", url: string, data?: unknown) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function cashierSignIn(browser: Browser, code: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto("/home");
  await page.getByText("Staff", { exact: true }).click();
  await page.getByRole("textbox", { name: "Staff access code" }).fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/normalaccounts$/);
  await page.getByLabel("Username").fill(cashier.username);
  await page.getByLabel("Password").fill(cashier.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  return page;
}

type FakeSms = { to: string; message: string; messageId: string };
const sentSms = async (): Promise<FakeSms[]> => (await fetch(`${process.env.E2E_SMS_URL}/fake/sent`)).json();

test.beforeAll(async ({ browser }) => {
  ownerPage = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  ({ token, businessId } = await registerWithToken(ownerPage, owner));
  await api(ownerPage.request, "post", "/api/products", {
    businessId,
    name: "Unga 2kg",
    sellingprice: 21000,
    quantity: 20,
  });
  await api(ownerPage.request, "post", "/api/employeesAuth/register", {
    businessId,
    username: cashier.username,
    password: cashier.password,
    occupation: "Cashier",
  });
  const code = (await api(ownerPage.request, "post", `/api/businesses/${businessId}/staffAccessCode`))
    .staffAccessCode as string;
  till = await cashierSignIn(browser, code);
});
test.afterAll(async () => {
  await till.close();
  await ownerPage.close();
});

test("a cashier sells and sends the receipt by SMS to the fake Africa's Talking", async () => {
  await till.goto("/pos");
  const search = till.getByTestId("pos-search");
  await search.fill("Unga");
  await expect(till.getByTestId("pos-results")).toContainText("Unga 2kg");
  await search.press("Enter");
  await till.keyboard.press("F9");
  await till
    .getByRole("dialog")
    .getByRole("button", { name: /Complete sale/ })
    .click();
  await expect(till.getByTestId("receipt-preview")).toContainText("210.00");

  await till.getByTestId("send-receipt").click();
  const dialog = till.getByRole("dialog", { name: /Send receipt #1/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("send-missing-setup")).toHaveCount(0);
  await dialog.getByTestId("send-phone").fill("+254 712 345 678");
  await shot(till, "sms-01-send-dialog");
  await dialog.getByTestId("send-receipt-submit").click();
  await expect(till.getByText("Receipt sent by SMS to +254 712 345 678")).toBeVisible();

  // The job sends it: the fake has it, with the receipt's link.
  await expect
    .poll(async () => (await sentSms()).filter((s) => s.to === "+254712345678").length, { timeout: 30_000 })
    .toBe(1);
  const sms = (await sentSms()).find((s) => s.to === "+254712345678")!;
  expect(sms.message).toMatch(
    new RegExp(`^Duka SMS ${id}: receipt #1, KES 210\\.00\\. View it: http://\\S+/r/[A-Za-z0-9_-]{43}$`),
  );
  link = sms.message.split("View it: ")[1]!;
});

test("the customer opens the receipt's link without signing in, in English or Swahili", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(link);
  const receipt = page.getByTestId("public-receipt");
  await expect(receipt).toContainText(`Duka SMS ${id}`);
  await expect(receipt).toContainText(/TOTAL\s+KES 210\.00/);
  await expect(receipt).toContainText("Unga 2kg");
  await shot(page, "sms-02-public-receipt-1366");
  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  await expect(receipt).toContainText(/JUMLA\s+KES 210\.00/);
  // On a phone: the 58 mm receipt's 32 columns, all on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(receipt).toContainText(/JUMLA\s+KES 210\.00/);
  // Nothing cut off: the receipt does not scroll sideways.
  expect(await receipt.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, "sms-03-public-receipt-390");
  // A link one character off opens nothing.
  await page.goto(link.slice(0, -1) + (link.endsWith("A") ? "B" : "A"));
  await expect(page.getByTestId("receipt-missing")).toBeVisible();
  await context.close();
});

test("the owner sees the SMS in Settings' message log, sent, with its cost", async () => {
  await ownerPage.goto("/settings");
  const card = ownerPage.getByTestId("messages-card");
  await expect(card.getByTestId("sms-setup")).toContainText("Africa's Talking");
  const log = card.getByTestId("message-log");
  await expect(log).toContainText("+254712345678");
  await expect(log).toContainText("Sent");
  await expect(log).toContainText("KES 0.8000");
  await card.scrollIntoViewIfNeeded();
  await ownerPage.screenshot({ path: `${SCREENS}/sms-04-log-1366.png` });
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await ownerPage.screenshot({ path: `${SCREENS}/sms-05-log-390.png` });
});
