import { readFile } from "node:fs/promises";
import { inflateSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { registerFromHome, shot, unique, closeToasts, pickOption } from "./helpers.ts";

test.describe.configure({ mode: "serial" });

// One owner's browser for the whole file.
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
});
test.afterAll(() => page.context().close());

const id = unique();
const owner = { businessName: `Money ${id}`, username: `money${id}`, password: "secret123" };
const BUSINESS_PIN = "P051234567Z";
const CLIENT_PIN = "P051234567X";

/** The text a PDF shows: its content streams inflated, the strings of its text operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const bytes = pdf.subarray(start, raw.indexOf("endstream", start));
    let content: string;
    try {
      content = inflateSync(bytes).toString("latin1");
    } catch {
      content = bytes.toString("latin1");
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      out.push(
        [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^)])*)\)/g)]
          .map((s) => (s[1] !== undefined ? Buffer.from(s[1], "hex").toString("latin1") : s[2]!))
          .join(""),
      );
  }
  return out.join("\n");
}

/** A MUI select: open it by its label, pick the option. */
async function choose(scope: Page | ReturnType<Page["getByRole"]>, label: string, option: string | RegExp) {
  await pickOption(scope.getByLabel(label, { exact: true }), { name: option });
}

test("the owner sets the business's KRA PIN, VAT registration and payment details", async () => {
  await registerFromHome(page, owner);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  const token = (await login.json()).token as string;
  const businessId = (
    (await (await page.request.get("/api/businesses", { headers: { authorization: `Bearer ${token}` } })).json()) as {
      _id: string;
    }[]
  )[0]!._id;
  for (const body of [
    { name: "Soda 500ml", sellingprice: 8_000, quantity: 100 },
    { name: "Sugar 1kg", sellingprice: 18_000, quantity: 100 },
  ]) {
    const res = await page.request.post("/api/products", {
      headers: { authorization: `Bearer ${token}` },
      data: { businessId, ...body },
    });
    expect(res.ok()).toBe(true);
  }

  await page.goto("/settings");
  const tax = page.locator(".MuiCard-root", { has: page.getByRole("heading", { name: "Tax and eTIMS" }) });
  await tax.getByLabel("KRA PIN").fill(BUSINESS_PIN.toLowerCase());
  await tax.getByLabel("Registered for VAT").check();
  await tax.getByLabel("Address on documents").fill("Tom Mboya Street, Nairobi");
  await tax.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Tax details saved")).toBeVisible();
  const pay = page.locator(".MuiCard-root", { has: page.getByRole("heading", { name: "Payment details" }) });
  await pay.getByLabel("Details").fill("Business no. 522522, account INV number");
  await pay.getByRole("button", { name: "Add" }).click();
  await expect(pay.getByTestId("payment-details")).toContainText("522522");
  await shot(page, "money-01-settings");
  await closeToasts(page);
});

test("two expenses, one without an eTIMS invoice: the totals show what is not deductible", async () => {
  await page.goto("/expenses");
  await expect(page.getByText("No expenses in this period.")).toBeVisible();
  for (const e of [
    { amount: "2500", category: "Rent", method: "Bank Transfer", paidTo: "Landlord", etims: true },
    { amount: "350", category: "Transport", method: "Cash", paidTo: "Boda rider", etims: false },
  ]) {
    await page.getByRole("button", { name: "Record expense" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Amount").fill(e.amount);
    await choose(dialog, "Category", e.category);
    await choose(dialog, "Paid by", e.method);
    await dialog.getByLabel("Paid to").fill(e.paidTo);
    if (e.etims) await dialog.getByLabel(/Has an eTIMS invoice/).check();
    await dialog.getByRole("button", { name: "Record expense" }).click();
    await expect(dialog).toBeHidden();
  }
  const totals = page.getByTestId("expense-totals");
  await expect(totals).toContainText("KES 2,850.00");
  await expect(totals.locator(".MuiCard-root").nth(1)).toContainText("KES 2,500.00");
  await expect(totals.locator(".MuiCard-root").nth(2)).toContainText("KES 350.00");
  await expect(totals).toContainText("Expenses without an eTIMS invoice are not tax-deductible in Kenya.");
  await expect(page.getByTestId("expenses-grid")).toContainText("No: not deductible");
  await shot(page, "money-02-expenses");
  await closeToasts(page);
});

test("a quotation for a client, converted to an invoice, part-paid; the invoice PDF holds both KRA PINs, the VAT table and the balance", async () => {
  await page.goto("/client/newClient");
  const form = page.getByRole("form", { name: "Add client" });
  await form.getByLabel("Company name").fill("Acme Kenya Ltd");
  await form.getByLabel("KRA PIN").fill(CLIENT_PIN);
  await form.getByLabel("Contact person").fill("Achieng");
  await form.getByLabel("Address").fill("Moi Avenue, Nairobi");
  await form.getByRole("button", { name: "Add client" }).click();
  await expect(page.getByTestId("clients")).toContainText(CLIENT_PIN);
  await shot(page, "money-03-client");

  await page.goto("/quotations");
  await page.getByRole("button", { name: "New quotation" }).click();
  const dialog = page.getByRole("dialog");
  await pickOption(dialog.getByRole("combobox", { name: "Client" }), { name: /Acme Kenya Ltd/ });
  await dialog.getByRole("combobox", { name: "Product or description" }).fill("Tent hire");
  await dialog.getByLabel("Qty").fill("2");
  await dialog.getByLabel("Unit price").fill("5800");
  await expect(dialog.getByTestId("document-total")).toHaveText("Total KES 11,600.00 (VAT KES 1,600.00)");
  await shot(page, "money-04-quotation-form");
  await dialog.getByRole("button", { name: "Create quotation" }).click();

  const drawer = page.getByTestId("document-drawer");
  await expect(drawer).toContainText(/Quotation QUO-0000\d\d/);
  await expect(drawer).toContainText("eTIMS: not required");
  await drawer.getByRole("button", { name: "Convert to invoice" }).click();
  await page
    .getByRole("dialog", { name: /Convert QUO/ })
    .getByRole("button", { name: "Convert to invoice" })
    .click();
  await expect(drawer).toContainText(/Invoice INV-000001/);
  await expect(drawer).toContainText("eTIMS: pending");
  await expect(drawer.getByTestId("vat-table")).toContainText("B (VAT 16%)");
  await expect(drawer.getByTestId("vat-table")).toContainText("KES 10,000.00");

  await drawer.getByRole("button", { name: "Record payment" }).click();
  const payment = page.getByRole("dialog", { name: /Payment on INV-000001/ });
  await payment.getByLabel("Amount paid").fill("40000");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(payment.getByLabel("Amount paid")).toHaveAccessibleDescription(
    "The payment is more than the invoice's balance.",
  );
  await payment.getByLabel("Amount paid").fill("4000");
  await payment.getByLabel("Reference (M-Pesa code, bank slip)").fill("QK12AB34CD");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(payment).toBeHidden();
  await expect(drawer).toContainText("Partial");
  await expect(drawer.getByTestId("document-sums")).toContainText("KES 7,600.00");
  await shot(page, "money-05-invoice");

  const download = page.waitForEvent("download");
  await drawer.getByRole("button", { name: "Download PDF" }).click();
  const file = await (await download).path();
  const text = pdfText(await readFile(file));
  for (const want of [
    "TAX INVOICE",
    "INV-000001",
    owner.businessName,
    `KRA PIN: ${BUSINESS_PIN}`,
    "Acme Kenya Ltd",
    `KRA PIN: ${CLIENT_PIN}`,
    "VAT per tax band",
    "B VAT 16%",
    "10,000.00",
    "1,600.00",
    "Balance due",
    "KES 7,600.00",
    "M-Pesa Paybill: Business no. 522522",
  ])
    expect(text, want).toContain(want);
  await page.keyboard.press("Escape");
  await closeToasts(page);
});

test("after a few sales the cash-up shows the expected cash, the counted amount and the difference", async () => {
  await page.goto("/pos");
  const search = page.getByTestId("pos-search");
  const sell = async (what: string, mpesa?: string) => {
    await search.fill(what);
    await search.press("Enter");
    await page.keyboard.press("F9");
    const dialog = page.getByRole("dialog");
    if (mpesa) {
      await dialog.getByRole("button", { name: "M-Pesa", exact: true }).click();
      await dialog.getByLabel("M-Pesa code").fill(mpesa);
    }
    await dialog.getByRole("button", { name: /Complete sale/ }).click();
    // The till receipt of a VAT-registered business: its KRA PIN, the VAT per band, the VAT total.
    const receipt = page.getByTestId("receipt-preview");
    await expect(receipt).toContainText(`KRA PIN: ${BUSINESS_PIN}`);
    await expect(receipt).toContainText(/TOTAL VAT\s+\d+\.\d\d/);
    await page.getByRole("button", { name: /New sale/ }).click();
  };
  await sell("2*soda"); // KES 160.00 cash
  await page.goto("/sales");
  await page.locator('[role="row"]').filter({ hasText: "KES 160.00" }).first().click();
  const drawer = page.getByTestId("sale-detail");
  await drawer.getByRole("button", { name: "Reprint receipt" }).click();
  const printed = page.frameLocator('[data-testid="print-frame"]').locator("body");
  // 160.00 at 16% holds 22.07 of VAT: 137.93 before tax.
  await expect(printed).toContainText(`KRA PIN: ${BUSINESS_PIN}`);
  await expect(printed).toContainText(/B 16%\s+137\.93\s+22\.07/);
  await expect(printed).toContainText(/TOTAL VAT\s+22\.07/);
  await page.goto("/pos");
  await sell("sugar"); // KES 180.00 cash
  await sell("soda", "QK99ZZ11AA"); // KES 80.00 M-Pesa
  await shot(page, "money-06-pos-cash-out-button");

  await page.goto("/transactions");
  await expect(page.getByTestId("transactions-grid")).toContainText("Sale payment");
  await expect(page.getByTestId("transactions-grid")).toContainText("Invoice payment");
  await shot(page, "money-07-transactions");
  await page.getByRole("button", { name: "Cash-up" }).click();
  const dialog = page.getByRole("dialog", { name: "End-of-day cash-up" });
  // Every till today: cash in 160 + 180, cash out the 350 expense paid in cash.
  await expect(dialog.getByTestId("cash-up-figures")).toContainText("KES 340.00");
  await expect(dialog.getByTestId("cash-up-figures")).toContainText("KES -350.00");
  await dialog.getByLabel("Opening float").fill("1000");
  await dialog.getByLabel("Counted cash").fill("980");
  await expect(dialog).toContainText("KES 990.00");
  await shot(page, "money-08-cash-up");
  await dialog.getByRole("button", { name: "Record cash-up" }).click();
  const result = page.getByTestId("cash-up-result");
  await expect(result).toContainText("Expected cashKES 990.00");
  await expect(result).toContainText("Counted cashKES 980.00");
  await expect(result).toContainText("DifferenceKES -10.00");
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("cash-ups")).toContainText("KES -10.00");
  await shot(page, "money-09-cash-ups");
});

test("the money pages fit a 390 px phone and a 1366 x 768 screen", async () => {
  // Sixteen pages loaded on a shared machine: a limit against hanging, not a timing check.
  test.setTimeout(240_000);
  for (const [w, h] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const path of [
      "/transactions",
      "/expenses",
      "/invoices",
      "/quotations",
      "/receipts",
      "/orders",
      "/client/newClient",
      "/settings",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${w} px is wider than the screen`).toBeLessThanOrEqual(0);
      await shot(page, `money-size-${w}-${path.replace(/\//g, "_").replace(/^_/, "")}`);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/invoices");
  await page.getByRole("button", { name: "INV-000001" }).click();
  await expect(page.getByTestId("document-drawer")).toContainText("Partial");
  // Slid in and above the app bar: its close button is wholly on screen and takes the click.
  await expect(page.getByRole("button", { name: "Close" })).toBeInViewport({ ratio: 1 });
  await shot(page, "money-size-390-invoice-drawer");
  await page.getByRole("button", { name: "Close" }).click({ timeout: 10_000 });
  await page.goto("/transactions");
  await page.getByRole("button", { name: "Cash-up" }).click();
  await expect(page.getByRole("dialog", { name: "End-of-day cash-up" }).getByTestId("cash-up-figures")).toBeVisible();
  await shot(page, "money-size-390-cash-up");
});
