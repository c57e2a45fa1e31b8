import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { FAKE_MPESA } from "../../apps/server/test/fakes/fake-daraja.ts";
import { registerFromHome, shot, unique, closeToasts, pickOption } from "./helpers.ts";

test.describe.configure({ mode: "serial" });

// One till for the whole file, as a cashier's browser would be.
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
});
test.afterAll(() => page.context().close());

const id = unique();
const owner = { businessName: `Lipa ${id}`, username: `lipa${id}`, password: "secret123" };
const relief = { username: `relief${id}`, password: "staffpass1" };
let token = "";
let businessId = "";
let reliefId = "";

async function api(request: APIRequestContext, method: "get" | "post", url: string, data?: unknown) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** Rings up one product at the till and opens the checkout on M-Pesa. */
async function chargeByMpesa(name: string) {
  await page.goto("/pos");
  const search = page.getByTestId("pos-search");
  await search.fill(name);
  await expect(page.getByTestId("pos-results")).toContainText(name);
  await search.press("Enter");
  await page.keyboard.press("F9");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "M-Pesa", exact: true }).click();
  await expect(dialog.getByTestId("mpesa-panel")).toBeVisible();
  return dialog;
}

test("the owner sets up M-Pesa in Settings and registers the payment addresses", async () => {
  await registerFromHome(page, owner);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  token = (await login.json()).token;
  businessId = (await api(page.request, "get", "/api/businesses"))[0]._id;
  await api(page.request, "post", "/api/products", {
    businessId,
    name: "Unga 2kg",
    sellingprice: 21_000,
    quantity: 20,
  });
  await api(page.request, "post", "/api/products", {
    businessId,
    name: "Soda 500ml",
    sellingprice: 8_000,
    quantity: 20,
  });
  reliefId = (
    await api(page.request, "post", "/api/employeesAuth/register", {
      businessId,
      ...relief,
      occupation: "Cashier",
    })
  )._id;

  await page.goto("/settings");
  const card = page.getByTestId("mpesa-settings-card");
  await expect(card).toContainText("M-Pesa is not set up yet");
  await pickOption(card.getByLabel("Type"), { name: "Paybill" });
  await card.getByTestId("mpesa-shortcode").fill(FAKE_MPESA.shortcode);
  await card.getByTestId("mpesa-passkey").fill(FAKE_MPESA.passkey);
  await card.getByTestId("mpesa-consumerKey").fill(FAKE_MPESA.consumerKey);
  await card.getByTestId("mpesa-consumerSecret").fill(FAKE_MPESA.consumerSecret);
  await card.getByRole("button", { name: "Save M-Pesa settings" }).click();
  await expect(card.getByTestId("mpesa-configured")).toContainText("Paybill ****379 is set up");
  await expect(card.getByTestId("mpesa-configured")).toContainText("not registered yet");
  await card.getByRole("button", { name: "Register payment addresses (C2B)" }).click();
  await expect(card.getByTestId("mpesa-configured")).toContainText("Payment addresses registered");
  // The credentials are never sent back.
  const settings = JSON.stringify(await api(page.request, "get", `/api/mpesa/settings?businessId=${businessId}`));
  expect(settings).not.toContain(FAKE_MPESA.passkey);
  expect(settings).not.toContain(FAKE_MPESA.consumerSecret);
  await closeToasts(page);
  await shot(page, "mpesa-01-settings");
});

test("a sale paid by STK push: a wrong PIN is explained, then the customer pays and the sale records the code", async () => {
  const dialog = await chargeByMpesa("Unga 2kg");
  // The fake Daraja answers this number with 2001 (wrong PIN).
  await dialog.getByTestId("mpesa-phone").fill("0711002001");
  await dialog.getByRole("button", { name: "Send M-Pesa request" }).click();
  await expect(dialog.getByTestId("mpesa-waiting")).toBeVisible();
  await expect(dialog.getByTestId("mpesa-problem")).toContainText("wrong M-Pesa PIN", { timeout: 20_000 });
  await shot(page, "mpesa-02-wrong-pin");
  // Not confirmed: the sale cannot be completed without a code.
  await expect(dialog.getByRole("button", { name: /Complete sale/ })).toBeDisabled();

  await dialog.getByTestId("mpesa-phone").fill("0712345678");
  await dialog.getByRole("button", { name: "Send M-Pesa request" }).click();
  await expect(dialog.getByTestId("mpesa-waiting")).toBeVisible();
  await shot(page, "mpesa-03-waiting");
  await expect(dialog.getByTestId("mpesa-attached")).toBeVisible({ timeout: 20_000 });
  await shot(page, "mpesa-04-confirmed");
  await dialog.getByRole("button", { name: /Complete sale/ }).click();
  const receipt = page.getByTestId("receipt-preview");
  await expect(receipt).toContainText(/M-Pesa FAKE\d+/);
  await shot(page, "mpesa-05-receipt");
  const [sale] = await api(page.request, "get", `/api/sales?businessId=${businessId}&limit=1`);
  expect(sale.payments).toEqual([expect.objectContaining({ method: "M-Pesa", amount: 21_000 })]);
  expect(sale.payments[0].reference).toMatch(/^FAKE\d+$/);
  await page.getByRole("button", { name: /New sale/ }).click();
});

test("a customer pays the paybill from their phone; the cashier claims it for the sale", async () => {
  // Daraja sends the confirmation to the URL registered from Settings.
  const res = await page.request.post(`${process.env.E2E_DARAJA_URL}/fake/customer-pays`, {
    data: { amount: 80, billRef: "", firstName: "Achieng" },
  });
  const paid = await res.json();
  const dialog = await chargeByMpesa("Soda 500ml");
  const unclaimed = dialog.getByTestId("mpesa-unclaimed");
  await expect(unclaimed).toContainText(paid.TransID);
  await expect(unclaimed).toContainText("Achieng");
  await expect(unclaimed).toContainText("2547 ***** 126");
  await shot(page, "mpesa-06-unclaimed");
  await unclaimed.getByRole("button", { name: "Use" }).first().click();
  await expect(dialog.getByTestId("mpesa-attached")).toBeVisible();
  await dialog.getByRole("button", { name: /Complete sale/ }).click();
  await expect(page.getByTestId("receipt-preview")).toContainText(`M-Pesa ${paid.TransID}`);
  await page.getByRole("button", { name: /New sale/ }).click();
  // Claimed: no longer offered.
  const left = await api(page.request, "get", `/api/mpesa/unclaimed?businessId=${businessId}&amount=8000`);
  expect(left).toEqual([]);
});

test("the owner gives a cashier a till PIN; the cashier takes over the till by PIN and serves the next sale", async () => {
  await page.goto(`/employees/${reliefId}`);
  const card = page.getByTestId("till-pin-card");
  await card.getByTestId("till-pin").fill("2468");
  await card.getByRole("button", { name: "Set PIN" }).click();
  await expect(page.getByText(`Till PIN set for ${relief.username}`)).toBeVisible();

  await page.goto("/pos");
  await page.getByTestId("switch-cashier").click();
  const dialog = page.getByRole("dialog");
  await pickOption(dialog.getByLabel("Who is taking over?"), { name: relief.username });
  await dialog.getByTestId("switch-pin").fill("1111");
  await dialog.getByRole("button", { name: "Switch", exact: true }).click();
  await expect(dialog.getByTestId("switch-error")).toContainText("Wrong PIN");
  await shot(page, "mpesa-07-switch-wrong-pin");
  await dialog.getByTestId("switch-pin").fill("2468");
  await dialog.getByRole("button", { name: "Switch", exact: true }).click();
  await expect(page.getByTestId("switch-cashier")).toContainText(relief.username);
  await shot(page, "mpesa-08-switched");

  const search = page.getByTestId("pos-search");
  await search.fill("Soda 500ml");
  await expect(page.getByTestId("pos-results")).toContainText("Soda 500ml");
  await search.press("Enter");
  await page.keyboard.press("F9");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Complete sale/ })
    .click();
  await expect(page.getByTestId("receipt-preview")).toBeVisible();
  const [sale] = await api(page.request, "get", `/api/sales?businessId=${businessId}&limit=1`);
  expect(sale.servedBy).toBe(relief.username);
});

test("in Swahili, the cashier's M-Pesa panel and its messages", async () => {
  await page.goto("/pos");
  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  const search = page.getByTestId("pos-search");
  await search.fill("Unga 2kg");
  await expect(page.getByTestId("pos-results")).toContainText("Unga 2kg");
  await search.press("Enter");
  await page.keyboard.press("F9");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "M-Pesa", exact: true }).click();
  await expect(dialog.getByTestId("mpesa-panel")).toContainText("Malipo ya M-Pesa ambayo hayajadaiwa");
  await dialog.getByTestId("mpesa-phone").fill("0711000032"); // the fake Daraja: the customer cancels (1032)
  await dialog.getByRole("button", { name: "Tuma ombi la M-Pesa" }).click();
  await expect(dialog.getByTestId("mpesa-problem")).toContainText("Mteja ameghairi ombi la M-Pesa", {
    timeout: 20_000,
  });
  await shot(page, "mpesa-09-swahili-cancelled");
  await page.keyboard.press("Escape");
  await page.getByTestId("language-switch").getByRole("button", { name: "English" }).click();
});
