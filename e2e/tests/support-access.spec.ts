import { expect, test, type APIRequestContext } from "@playwright/test";
import { SUPPORT } from "../global-setup.ts";
import { ownerSignIn, shot, unique, pickOption } from "./helpers.ts";

test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Mama Mboga ${id}`, username: `mboga${id}`, password: "secret123" };
const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });

async function token(request: APIRequestContext, username: string, password: string): Promise<string> {
  return (await (await request.post("/api/adminAuth/login", { data: { username, password } })).json()).token;
}

let businessId: string;

test("the owner allows support access for an hour, reads what support changed, and ends it", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const res = await page.request.post("/api/businesses/register", {
    data: {
      businessName: owner.businessName,
      businessType: "general",
      username: owner.username,
      email: `${owner.username}@example.com`,
      phone: "0712345678",
      password: owner.password,
    },
  });
  businessId = (await res.json()).business._id;
  const supportToken = await token(page.request, SUPPORT.username, SUPPORT.password);
  const addProduct = (name: string) =>
    page.request.post("/api/products", {
      headers: auth(supportToken),
      data: { businessId, name, sellingprice: 5000, quantity: 3 },
    });

  // Without the owner's consent support is refused (and nothing is written).
  const refused = await addProduct("Sukuma by support");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe("SUPPORT_ACCESS_REQUIRED");

  await ownerSignIn(page, owner.username, owner.password);
  await page.getByRole("link", { name: "Settings" }).click();
  const card = page.getByTestId("support-access-card");
  await expect(card.getByTestId("support-access-status")).toContainText(
    `Support may not make changes in ${owner.businessName}.`,
  );
  await expect(card.getByTestId("support-actions-grid")).toContainText("Support has made no changes in this business.");
  await shot(page, "support-access-00-owner-not-granted");

  await card.getByRole("button", { name: "Allow for 1 hour" }).click();
  await expect(card.getByTestId("support-access-status")).toContainText(`Support may make changes until`);
  await expect(card.getByTestId("support-access-status")).toContainText(`(allowed by ${owner.username})`);

  // Now support may help, and what it does is listed.
  expect((await addProduct("Sukuma")).status()).toBe(201);
  await page.reload();
  const log = page.getByTestId("support-actions-grid");
  const done = log.getByRole("row", { name: /Done/ });
  await expect(done).toContainText("POST /api/products");
  await expect(done).toContainText(SUPPORT.username);
  await expect(done).toContainText("Create a product");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "support-access-01-owner-granted");
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, "support-access-02-owner-granted-phone");
  await page.setViewportSize({ width: 1366, height: 768 });

  // Support sees the same card for this business, without the buttons.
  const supportPage = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await ownerSignIn(supportPage, SUPPORT.username, SUPPORT.password);
  await pickOption(supportPage.getByRole("combobox", { name: "Current business" }), {
    name: owner.businessName,
    exact: true,
  });
  await supportPage.getByRole("link", { name: "Settings" }).click();
  const seen = supportPage.getByTestId("support-access-card");
  await expect(seen.getByTestId("support-access-status")).toContainText("Support may make changes until");
  await expect(seen.getByRole("button", { name: "Allow for 1 hour" })).toHaveCount(0);
  await seen.scrollIntoViewIfNeeded();
  await shot(supportPage, "support-access-03-support-view");

  // The owner ends it (after confirming): support is refused again.
  await card.getByRole("button", { name: "End support access" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "End access" }).click();
  await expect(card.getByTestId("support-access-status")).toContainText(
    `Support may not make changes in ${owner.businessName}.`,
  );
  expect((await addProduct("Sukuma again")).status()).toBe(403);
});

test("in Swahili the card reads in Swahili", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ownerSignIn(page, owner.username, owner.password);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  const card = page.getByTestId("support-access-card");
  await expect(card).toContainText("Ruhusa ya huduma");
  await expect(card.getByRole("button", { name: "Ruhusu kwa saa 1" })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, "support-access-04-swahili");
  // Back to English for the tests after this one (the choice is kept per device).
  await page.getByTestId("language-switch").getByRole("button", { name: "English" }).click();
});
