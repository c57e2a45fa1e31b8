import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MPESA_CANCELS, SUPPORT } from "../global-setup.ts";
import { menuLabels, ownerSignIn, routeFakePaypal, runBillingJob, shot, unique, pickOption } from "./helpers.ts";

const OWNER_MENU = [
  "Home",
  "HR Department",
  "Customers",
  "Inventory",
  "POS",
  "Sales",
  "Wholesale",
  "Older Sales",
  "Sales Documents",
  "Transactions",
  "Expenses",
  "Payroll",
  "Reports",
  "Supplies",
  "Settings",
  "Logout",
];
const DAY = 86_400_000;

test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Kibanda ${id}`, username: `kibanda${id}`, password: "secret123" };
const paypalOwner = { businessName: `Hoteli ${id}`, username: `hoteli${id}`, password: "secret123" };
const plan = { name: `Duka Standard ${id}`, description: "One shop: POS, stock and reports", price: "1500" };
const annual = { name: `Duka Annual ${id}`, description: "Paid yearly in dollars", price: "120" };

async function token(request: APIRequestContext, username: string, password: string): Promise<string> {
  return (await (await request.post("/api/adminAuth/login", { data: { username, password } })).json()).token;
}

async function register(request: APIRequestContext, who: typeof owner) {
  const res = await request.post("/api/businesses/register", {
    data: {
      businessName: who.businessName,
      businessType: "general",
      username: who.username,
      email: `${who.username}@example.com`,
      phone: "0712345678",
      password: who.password,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).business._id as string;
}

const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });

/** A plan body as support sends it (the form's defaults, spec section 5). */
const planBody = (name: string, price: number) => ({
  name,
  description: "Made by the e2e test",
  price,
  currency: "KES",
  billingCycle: "monthly",
  features: {
    maxUsers: 1,
    maxProducts: 100,
    inventoryManagement: true,
    analytics: false,
    multiBranch: false,
    apiAccess: false,
    prioritySupport: false,
    customReports: false,
  },
});

/** Waits until the latest payment of a business has settled (the fake Daraja answers by itself). */
async function settledPayment(request: APIRequestContext, bearer: string, businessId: string) {
  let latest: { status: string; refund: unknown } | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/subscriptions/payments?businessId=${businessId}`, {
          headers: auth(bearer),
        });
        latest = (await res.json()).items[0];
        return latest?.status;
      },
      { timeout: 30_000 },
    )
    .not.toBe("pending");
  return latest!;
}

async function openSubscriptions(page: Page) {
  await ownerSignIn(page, SUPPORT.username, SUPPORT.password);
  await page.getByRole("link", { name: "Subscription" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole("heading", { name: "Subscription Management" })).toBeVisible();
}

async function choose(page: Page, field: ReturnType<Page["getByLabel"]>, option: string) {
  await pickOption(field, { name: option, exact: true });
}

test("support creates plans: the form starts with the defaults of spec section 5, prices show their cycle", async ({
  page,
}) => {
  await openSubscriptions(page);
  await expect(page.getByRole("tab")).toHaveText(["Subscriptions", "Plans", "Payments"]);
  await page.getByRole("tab", { name: "Plans" }).click();
  await page.getByRole("button", { name: "Create Plan" }).click();

  const form = page.getByRole("dialog", { name: "Create Plan" });
  await expect(form.getByLabel("Price")).toHaveValue("0");
  await expect(form.getByRole("combobox", { name: "Currency" })).toHaveText("KES");
  await expect(form.getByRole("combobox", { name: "Billing cycle" })).toHaveText("Monthly");
  await expect(form.getByLabel("Max users")).toHaveValue("1");
  await expect(form.getByLabel("Max products")).toHaveValue("100");
  await expect(form.getByRole("switch", { name: "Inventory management" })).toBeChecked();
  for (const off of ["Analytics", "Multi-branch", "API access", "Priority support", "Custom reports"])
    await expect(form.getByRole("switch", { name: off })).not.toBeChecked();
  await shot(page, "subscription-01-plan-form-defaults");

  // Required fields are said plainly, and nothing is created.
  await form.getByRole("button", { name: "Create Plan" }).click();
  await expect(form.getByText("Required").first()).toBeVisible();

  await form.getByLabel("Name").fill(plan.name);
  await form.getByLabel("Description").fill(plan.description);
  await form.getByLabel("Price").fill(plan.price);
  await form.getByRole("button", { name: "Create Plan" }).click();
  await expect(form).toBeHidden();
  const grid = page.getByTestId("plans-grid");
  await expect(grid.getByRole("row", { name: new RegExp(plan.name) })).toContainText("KES 1,500.00/mo");

  await page.getByRole("button", { name: "Create Plan" }).click();
  await form.getByLabel("Name").fill(annual.name);
  await form.getByLabel("Description").fill(annual.description);
  await form.getByLabel("Price").fill(annual.price);
  await choose(page, form.getByRole("combobox", { name: "Currency" }), "USD");
  await choose(page, form.getByRole("combobox", { name: "Billing cycle" }), "Yearly");
  await form.getByRole("button", { name: "Create Plan" }).click();
  await expect(grid.getByRole("row", { name: new RegExp(annual.name) })).toContainText("USD 120.00/yr");
  await shot(page, "subscription-02-plans");

  // Search narrows the table.
  await page.getByRole("textbox", { name: "Search plans" }).fill(annual.name);
  await expect(grid.getByRole("row", { name: new RegExp(plan.name) })).toHaveCount(0);
  await expect(grid.getByRole("row", { name: new RegExp(annual.name) })).toBeVisible();

  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("support subscribes a business with M-Pesa in 3 steps; the payment is pending, then success", async ({ page }) => {
  await register(page.request, owner);
  await openSubscriptions(page);
  await page.getByRole("button", { name: "Subscribe Business" }).click();
  const dialog = page.getByRole("dialog", { name: "Subscribe Business" });
  const next = dialog.getByRole("button", { name: "Next" });

  // Step 1: Next is disabled without a plan, and advances only with a payment method too.
  await expect(next).toBeDisabled();
  await dialog.getByRole("radio", { name: new RegExp(plan.name) }).check();
  await expect(next).toBeEnabled();
  await next.click();
  await expect(dialog.getByText("Choose a payment method")).toBeVisible();
  await expect(dialog.getByRole("radio", { name: new RegExp(plan.name) })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "PayPal" })).toBeDisabled(); // a KES plan: PayPal charges USD
  await dialog.getByRole("radio", { name: "M-Pesa" }).check();
  await shot(page, "subscription-03-subscribe-step1");
  await next.click();

  // Step 2: no business, no Next.
  await expect(next).toBeDisabled();
  await dialog.getByRole("combobox", { name: "Business" }).fill(owner.businessName);
  await page.getByRole("option", { name: owner.businessName }).click();
  await shot(page, "subscription-04-subscribe-step2");
  await next.click();

  // Step 3: the subscription exists (created on leaving step 2); a 10-digit phone pays.
  const phone = dialog.getByLabel("M-Pesa phone number");
  await expect(phone).toBeVisible();
  await phone.fill("07123");
  await expect(dialog.getByRole("button", { name: "Pay KES 1,500.00" })).toBeDisabled();
  await phone.fill("0712345678");
  await dialog.getByRole("button", { name: "Pay KES 1,500.00" }).click();
  const status = dialog.getByTestId("mpesa-status");
  await expect(status).toContainText("A request for KES 1,500.00 was sent to 0712345678");
  await expect(status).toContainText("pending");
  await shot(page, "subscription-05-mpesa-pending");
  await expect(status).toContainText(/Payment of KES 1,500.00 received \(M-Pesa receipt FAKE\d+\)/, {
    timeout: 30_000,
  });
  await shot(page, "subscription-06-mpesa-success");
  await dialog.getByRole("button", { name: "Close" }).click();

  const row = page.getByTestId("subscriptions-grid").getByRole("row", { name: new RegExp(owner.businessName) });
  await expect(row).toContainText("active");
  await expect(row).toContainText(plan.name);
  await expect(row).toContainText("last payment success");
  await shot(page, "subscription-07-subscriptions");
  await page.getByRole("tab", { name: "Payments" }).click();
  const payment = page.getByTestId("payments-grid").getByRole("row", { name: new RegExp(owner.businessName) });
  await expect(payment).toContainText("success");
  await expect(payment).toContainText("KES 1,500.00");
  await expect(payment).toContainText(/FAKE\d+/);
  await shot(page, "subscription-08-payments");
});

test("a lapsed business: its owner sees Account Inactive and Logout, pays with M-Pesa, and has the full menu again", async ({
  page,
  browser,
}) => {
  // Support turns auto-renew off, so nothing renews it.
  await openSubscriptions(page);
  await page.getByRole("textbox", { name: "Search subscriptions" }).fill(owner.businessName);
  // Wait for the search to narrow the table (header and one row), so the click does not land mid-render.
  await expect(page.getByTestId("subscriptions-grid").getByRole("row")).toHaveCount(2);
  const autoRenew = page.getByRole("switch", { name: `Auto-renew for ${owner.businessName}` });
  await expect(autoRenew).toBeChecked();
  await autoRenew.click();
  await expect(page.getByText(`Auto-renew OFF for ${owner.businessName}`)).toBeVisible();
  await expect(autoRenew).not.toBeChecked();

  // The renewal job, as at a week and a day after the billing date: past due, then lapsed.
  const supportToken = await token(page.request, SUPPORT.username, SUPPORT.password);
  const list = await (
    await page.request.get(`/api/subscriptions?q=${encodeURIComponent(owner.businessName)}`, {
      headers: { authorization: `Bearer ${supportToken}` },
    })
  ).json();
  const nextBilling = new Date(list.items[0].nextBillingDate).getTime();
  const run = runBillingJob(new Date(nextBilling + 8 * DAY));
  expect(run.lapsed).toBeGreaterThanOrEqual(1);

  // Support sees why the account is off: its subscription lapsed (a payment lifts that), not a suspension.
  await page.getByRole("link", { name: "Settings" }).click();
  const businesses = page.getByTestId("businesses-grid");
  // Other files' tests register businesses meanwhile: find this one by its name.
  await page.getByRole("textbox", { name: "Search businesses" }).fill(owner.businessName);
  await expect(businesses.getByRole("row", { name: new RegExp(owner.businessName) })).toContainText("Lapsed");
  await shot(page, "subscription-09a-support-sees-lapsed");

  const ownerPage = await (await browser.newContext()).newPage();
  await ownerSignIn(ownerPage, owner.username, owner.password);
  await expect(ownerPage).toHaveURL(/\/error$/);
  expect(await menuLabels(ownerPage)).toEqual(["Account Inactive", "Logout"]);
  const card = ownerPage.getByTestId("renew-subscription-card");
  await expect(card).toContainText(plan.name);
  await expect(card).toContainText("expired");
  await shot(ownerPage, "subscription-09-lapsed-owner");

  // The customer cancels on the phone first: the payment fails with Daraja's words.
  await card.getByLabel("M-Pesa phone number").fill(MPESA_CANCELS);
  await card.getByRole("button", { name: "Pay KES 1,500.00" }).click();
  await expect(card.getByTestId("mpesa-status")).toContainText(
    "The payment did not go through: Request cancelled by user.",
    { timeout: 30_000 },
  );
  await shot(ownerPage, "subscription-10-mpesa-cancelled");
  expect(await menuLabels(ownerPage)).toEqual(["Account Inactive", "Logout"]);

  // Then pays: the account is active again and the full menu returns.
  await card.getByLabel("M-Pesa phone number").fill("0722000111");
  await card.getByRole("button", { name: "Try again" }).click();
  await expect(card.getByTestId("mpesa-status")).toContainText("pending");
  await expect(ownerPage).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(ownerPage.getByText(`Payment received: ${owner.businessName} is active again`)).toBeVisible();
  expect(await menuLabels(ownerPage)).toEqual(OWNER_MENU);
  await shot(ownerPage, "subscription-11-owner-reactivated");

  // Settings shows the subscription, active again.
  await ownerPage.getByRole("link", { name: "Settings" }).click();
  await expect(ownerPage.getByTestId("subscription-card")).toContainText("active");

  // The owner's view of /subscription: their own business only, plans to read but not to manage.
  await ownerPage.getByRole("link", { name: "Manage subscription" }).click();
  await expect(ownerPage.getByRole("heading", { name: "Subscription Management" })).toBeVisible();
  const rows = ownerPage.getByTestId("subscriptions-grid").getByRole("row");
  await expect(rows).toHaveCount(2); // the header and one subscription
  await expect(rows.nth(1)).toContainText(owner.businessName);
  await expect(ownerPage.getByRole("switch", { name: `Auto-renew for ${owner.businessName}` })).not.toBeChecked();
  await ownerPage.getByRole("tab", { name: "Plans" }).click();
  await expect(ownerPage.getByTestId("plans-grid")).toContainText(plan.name);
  await expect(ownerPage.getByRole("button", { name: "Create Plan" })).toHaveCount(0);
  await ownerPage.getByRole("tab", { name: "Payments" }).click();
  await expect(ownerPage.getByTestId("payments-grid")).toContainText("Request cancelled by user");
  await shot(ownerPage, "subscription-12-owner-payments");
});

test("an owner asks support from Settings; support answers on /request", async ({ page, browser }) => {
  const ownerPage = await (await browser.newContext()).newPage();
  await ownerSignIn(ownerPage, owner.username, owner.password);
  await ownerPage.getByRole("link", { name: "Settings" }).click();
  const card = ownerPage.getByTestId("support-requests-card");
  await card.getByLabel("Subject").fill(`Receipts ${id}`);
  await card.getByLabel("Message").fill("The receipt printer prints blank pages.");
  await card.getByRole("button", { name: "Send request" }).click();
  await expect(card).toContainText(`Receipts ${id}`);
  await expect(card).toContainText("open");

  await ownerSignIn(page, SUPPORT.username, SUPPORT.password);
  await page.getByRole("link", { name: "Requests" }).click();
  await expect(page).toHaveURL(/\/request$/);
  const row = page.getByTestId("requests-grid").getByRole("row", { name: new RegExp(`Receipts ${id}`) });
  await expect(row).toContainText(owner.businessName);
  await shot(page, "subscription-13-requests");
  await row.getByRole("button", { name: `Answer Receipts ${id}` }).click();
  await page.getByRole("dialog").getByLabel("Answer").fill("Turn the paper roll over: the thermal side goes out.");
  await page.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByText(`Answer sent to ${owner.businessName}`)).toBeVisible();

  await ownerPage.reload();
  await expect(ownerPage.getByTestId("support-requests-card")).toContainText("Turn the paper roll over");
  await shot(ownerPage, "subscription-14-request-answered");
});

test("PayPal: the script loads with the client id; when it cannot load nothing is paid; a captured order activates the subscription", async ({
  page,
}) => {
  await register(page.request, paypalOwner);
  const loaded: string[] = [];
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.route("https://www.paypal.com/sdk/js**", (route) => {
    loaded.push(route.request().url());
    return route.abort();
  });
  await openSubscriptions(page);
  await page.getByRole("button", { name: "Subscribe Business" }).click();
  const dialog = page.getByRole("dialog", { name: "Subscribe Business" });
  // The plans on offer are searched by the server, so a plan is found however many there are.
  await dialog.getByRole("textbox", { name: "Search plans" }).fill(annual.name);
  await expect(dialog.getByRole("radiogroup", { name: "Plan" }).getByRole("radio")).toHaveCount(1);
  await dialog.getByRole("radio", { name: new RegExp(annual.name) }).check();
  await expect(dialog.getByRole("radio", { name: "M-Pesa" })).toBeDisabled(); // a USD plan
  await dialog.getByRole("radio", { name: "PayPal" }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("combobox", { name: "Business" }).fill(paypalOwner.businessName);
  await page.getByRole("option", { name: paypalOwner.businessName }).click();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("PayPal could not be loaded, so no payment was taken.")).toBeVisible();
  expect(new URL(loaded[0]!).searchParams.get("client-id")).toBe("fake-paypal-client-id");
  expect(new URL(loaded[0]!).searchParams.get("currency")).toBe("USD");
  expect(errors.some((e) => e.includes("Payment provider script failed to load"))).toBe(true);
  await shot(page, "subscription-15-paypal-unavailable");
  await dialog.getByRole("button", { name: "Close" }).click();
  const row = page.getByTestId("subscriptions-grid").getByRole("row", { name: new RegExp(paypalOwner.businessName) });
  await expect(row).toContainText("pending");

  // PayPal reachable: the buyer approves, the order is captured, and the server checks the capture with PayPal.
  await page.unroute("https://www.paypal.com/sdk/js**");
  await routeFakePaypal(page);
  await row.getByRole("button", { name: `Pay for ${paypalOwner.businessName}` }).click();
  const pay = page.getByRole("dialog", { name: `Pay ${annual.name}` });
  await pay.getByTestId("paypal-buttons").getByRole("button", { name: "PayPal" }).click();
  await expect(pay.getByTestId("paypal-status")).toContainText(
    /Payment of USD 120.00 received \(PayPal capture [0-9A-F]+\)/,
  );
  await shot(page, "subscription-16-paypal-paid");
  await pay.getByRole("button", { name: "Done" }).click();
  await expect(row).toContainText("active");
  await expect(row).toContainText("last payment success");
  await page.getByRole("tab", { name: "Payments" }).click();
  const payment = page.getByTestId("payments-grid").getByRole("row", { name: new RegExp(paypalOwner.businessName) });
  await expect(payment).toContainText("USD 120.00");
  await expect(payment).toContainText("PayPal capture COMPLETED");
});

test("each payment shows the plan and amount it was for, after subscribing again changed the plan (issue 20, item 7)", async ({
  page,
}) => {
  const shop = { businessName: `Genge ${id}`, username: `genge${id}`, password: "secret123" };
  const businessId = await register(page.request, shop);
  const supportToken = await token(page.request, SUPPORT.username, SUPPORT.password);
  const mini = await (
    await page.request.post("/api/subscriptions/plans", {
      headers: auth(supportToken),
      data: planBody(`Genge Mini ${id}`, 50_000),
    })
  ).json();
  const subscribe = (planId: string) =>
    page.request.post("/api/subscriptions/subscribe", {
      headers: auth(supportToken),
      data: { businessId, planId, billingCycle: "monthly", paymentMethod: "mpesa" },
    });
  const pay = (subscriptionId: string, amount: number, phone: string) =>
    page.request.post(`/api/subscriptions/${subscriptionId}/pay`, {
      headers: auth(supportToken),
      data: { amount, paymentMethod: "mpesa", status: "pending", phone },
    });

  // The first attempt, for the small plan, is cancelled on the phone.
  const first = await (await subscribe(mini._id)).json();
  expect((await pay(first._id, 50_000, MPESA_CANCELS)).status()).toBe(200);
  expect((await settledPayment(page.request, supportToken, businessId)).status).toBe("failed");
  // Subscribing again changes the pending subscription's plan; the second attempt pays it.
  const planId = (
    await (
      await page.request.get(`/api/subscriptions/plans?q=${encodeURIComponent(plan.name)}`, {
        headers: auth(supportToken),
      })
    ).json()
  ).items[0]._id;
  const again = await subscribe(planId);
  expect(again.status()).toBe(201);
  expect((await again.json())._id).toBe(first._id);
  expect((await pay(first._id, 150_000, "0712345678")).status()).toBe(200);
  expect((await settledPayment(page.request, supportToken, businessId)).status).toBe("success");

  await openSubscriptions(page);
  await page.getByRole("tab", { name: "Payments" }).click();
  await page.getByRole("textbox", { name: "Search payments" }).fill(shop.businessName);
  const rows = page.getByTestId("payments-grid").getByRole("row", { name: new RegExp(shop.businessName) });
  await expect(rows).toHaveCount(2);
  // Newest first: the payment for the plan the subscription has now, then the earlier attempt under its own plan.
  await expect(rows.nth(0)).toContainText(`${plan.name} · monthly`);
  await expect(rows.nth(0)).toContainText("KES 1,500.00");
  await expect(rows.nth(0)).toContainText("success");
  await expect(rows.nth(1)).toContainText(`Genge Mini ${id} · monthly`);
  await expect(rows.nth(1)).toContainText("KES 500.00");
  await expect(rows.nth(1)).toContainText("failed");
  await shot(page, "subscription-17-payments-keep-their-plan");
});

test("money that arrives for a cancelled subscription is flagged for refund; support marks it refunded", async ({
  page,
}) => {
  const shop = { businessName: `Kinyozi ${id}`, username: `kinyozi${id}`, password: "secret123" };
  const businessId = await register(page.request, shop);
  const supportToken = await token(page.request, SUPPORT.username, SUPPORT.password);
  const planId = (
    await (
      await page.request.get(`/api/subscriptions/plans?q=${encodeURIComponent(plan.name)}`, {
        headers: auth(supportToken),
      })
    ).json()
  ).items[0]._id;
  const sub = await (
    await page.request.post("/api/subscriptions/subscribe", {
      headers: auth(supportToken),
      data: { businessId, planId, billingCycle: "monthly", paymentMethod: "mpesa" },
    })
  ).json();
  // The customer is asked to pay; support cancels the subscription before M-Pesa reports the payment.
  const paid = await page.request.post(`/api/subscriptions/${sub._id}/pay`, {
    headers: auth(supportToken),
    data: { amount: 150_000, paymentMethod: "mpesa", status: "pending", phone: "0712345678" },
  });
  expect(paid.status()).toBe(200);
  const cancelled = await page.request.delete(`/api/subscriptions/${sub._id}`, { headers: auth(supportToken) });
  expect((await cancelled.json()).subscription.status).toBe("cancelled");
  const settled = await settledPayment(page.request, supportToken, businessId);
  expect(settled).toMatchObject({ status: "success", refund: { reason: "subscription_cancelled" } });

  await openSubscriptions(page);
  await page.getByRole("tab", { name: "Payments" }).click();
  await page.getByRole("switch", { name: "Refunds due only" }).check();
  const row = page.getByTestId("payments-grid").getByRole("row", { name: new RegExp(shop.businessName) });
  await expect(row).toContainText("refund due");
  await expect(row).toContainText("KES 1,500.00");
  await shot(page, "subscription-18-refund-due");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "subscription-18b-refund-due-phone");
  await page.setViewportSize({ width: 1366, height: 768 });
  await row.getByRole("button", { name: "Mark refunded" }).click();
  const dialog = page.getByRole("dialog", { name: "Mark refunded" });
  await dialog.getByRole("button", { name: "Mark refunded" }).click();
  await expect(dialog.getByText("Say how the money was returned")).toBeVisible(); // a note is required
  await dialog.getByLabel("How was it returned?").fill(`M-Pesa reversal REV${id.toUpperCase()}`);
  await shot(page, "subscription-19-mark-refunded");
  await dialog.getByRole("button", { name: "Mark refunded" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0); // no longer due
  await page.getByRole("switch", { name: "Refunds due only" }).uncheck();
  await expect(row).toContainText("refunded");
  // The subscription stays cancelled: the money did not bring it back.
  await page.getByRole("tab", { name: "Subscriptions" }).click();
  await page.getByRole("textbox", { name: "Search subscriptions" }).fill(shop.businessName);
  await expect(
    page.getByTestId("subscriptions-grid").getByRole("row", { name: new RegExp(shop.businessName) }),
  ).toContainText("cancelled");
});
