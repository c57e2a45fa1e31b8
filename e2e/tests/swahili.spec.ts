import { expect, test } from "@playwright/test";
import { registerFromHome, shot, unique } from "./helpers.ts";

// A shopkeeper switches the app to Swahili and sells at the till; the choice stays on the device.
test("an owner switches to Swahili and sells at the POS in Swahili", async ({ page }) => {
  const id = unique();
  const owner = { businessName: `Duka la ${id}`, username: `sw${id}`, password: "secret123" };
  await registerFromHome(page, owner);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();

  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  const token = (await login.json()).token as string;
  const headers = { authorization: `Bearer ${token}` };
  const businessId = (await (await page.request.get("/api/businesses", { headers })).json())[0]._id as string;
  const created = await page.request.post("/api/products", {
    headers,
    data: { businessId, name: "Unga 2kg", sellingprice: 21000, quantity: 10 },
  });
  expect(created.ok()).toBe(true);

  // The switch sits in the app bar; the menu and the till follow at once.
  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  const menu = page.getByTestId("sidebar-menu");
  await expect(menu.getByText("Mipangilio")).toBeVisible();
  await expect(menu.getByText("Settings")).toHaveCount(0);

  await page.goto("/pos");
  const search = page.getByTestId("pos-search");
  await expect(search).toHaveAttribute("placeholder", /Skani au tafuta bidhaa 1/);
  await expect(page.getByText("Bili haina kitu. Skani barcode au tafuta bidhaa.")).toBeVisible();
  await search.fill("unga");
  await expect(page.getByTestId("pos-results")).toContainText("Unga 2kg");
  await search.press("Enter");
  await expect(page.getByTestId("ticket-line")).toHaveCount(1);
  await page.getByRole("button", { name: /Lipa .* \(F9\)/ }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(/Lipisha/)).toBeVisible();
  await dialog.getByLabel("Pesa iliyotolewa").fill("250");
  await expect(dialog.getByText(/Chenji/)).toBeVisible();
  await shot(page, "swahili-01-checkout");
  await dialog.getByRole("button", { name: /Maliza mauzo/ }).click();
  await expect(page.getByText(/yamerekodiwa/)).toBeVisible();
  await shot(page, "swahili-02-sold");
  await page.getByRole("button", { name: /Mauzo mapya/ }).click();

  // The sale is recorded, and the language is remembered on this device after a reload.
  const product = (await (await page.request.get(`/api/products?businessId=${businessId}`, { headers })).json()) as {
    items?: { quantity: number }[];
  };
  expect(JSON.stringify(product)).toContain('"quantity":9');
  await page.reload();
  await expect(page.getByTestId("sidebar-menu").getByText("Mipangilio")).toBeVisible();
});

// A new visitor chooses Swahili before signing in: the public pages change at once, the choice
// survives a reload, and the owner's sign-in opens the app in Swahili too.
test("a visitor switches the public pages to Swahili and signs in to an app in Swahili", async ({ page, request }) => {
  const id = unique();
  const owner = { username: `pw${id}`, password: "secret123" };
  const registered = await request.post("/api/businesses/register", {
    data: {
      businessName: `Duka ${id}`,
      businessType: "general",
      username: owner.username,
      email: `${owner.username}@example.com`,
      phone: "0712345678",
      password: owner.password,
    },
  });
  expect(registered.ok()).toBe(true);

  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  await expect(page.getByRole("heading", { name: "Karibu" })).toBeVisible();
  await expect(page.getByText("Kifaa hiki kitatumikaje?")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sajili biashara" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
  await shot(page, "swahili-03-home");

  await page.reload();
  await expect(page.getByRole("heading", { name: "Karibu" })).toBeVisible();
  await page.getByText("Mmiliki wa biashara").click();
  await expect(page).toHaveURL(/\/adminaccounts$/);
  await expect(page.getByRole("heading", { name: "Kuingia kwa mmiliki" })).toBeVisible();
  await page.getByRole("button", { name: "Ingia" }).click();
  await expect(page.getByText("Weka jina la mtumiaji (au barua pepe) na nenosiri")).toBeVisible();
  await page.getByLabel("Jina la mtumiaji au barua pepe").fill(owner.username);
  await page.getByLabel("Nenosiri").fill(owner.password);
  await shot(page, "swahili-04-sign-in");
  await page.getByRole("button", { name: "Ingia" }).click();
  await expect(page.getByTestId("sidebar-menu").getByText("Mipangilio")).toBeVisible();

  // Back to English from the app bar; the device remembers that instead.
  await page.getByTestId("language-switch").getByRole("button", { name: "English" }).click();
  await expect(page.getByTestId("sidebar-menu").getByText("Settings")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("duka.language"))).toBe("en");
});
