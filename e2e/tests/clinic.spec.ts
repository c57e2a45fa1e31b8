import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerFromHome, unique, closeToasts, SCREENS, pickOption } from "./helpers.ts";

/** The medicine's batch expires a year from today (a fixed date would expire, and the batch with it). */
const EXPIRY = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 15's walk, each step by the person whose job it is, in their own browser session: the
 * receptionist registers a patient and queues a visit; the doctor records vitals (an impossible
 * temperature refused on its field first), a diagnosis with its ICD-10 code, a lab request and a
 * prescription; the lab technician enters a result the doctor then sees; the pharmacist
 * dispenses and the stock falls by the quantity; the cashier takes payment by M-Pesa code at
 * the Pharmacy POS; the owner sees the whole visit on the patient's record and, in the access
 * log, who read it. Every page is photographed at 1366x768 and 390x844.
 */
test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Kliniki ${id}`, username: `clinic${id}`, password: "secret123" };
const staff = {
  receptionist: { username: `rose${id}`, occupation: "Receptionist" },
  doctor: { username: `dr_otieno${id}`, occupation: "Doctor" },
  lab: { username: `lab_wairimu${id}`, occupation: "Lab Technician" },
  pharmacist: { username: `pharm_juma${id}`, occupation: "Pharmacist" },
  cashier: { username: `cash_amina${id}`, occupation: "Cashier" },
} as const;
type Who = keyof typeof staff;
const PASSWORD = "staffpass1";
const PATIENT = "Achieng Otieno";
let staffCode = "";
let token = "";
let businessId = "";
let medicineId = "";
let patientId = "";

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SCREENS}/clinic-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300); // let the layout settle after the resize (a screenshot, not an assertion)
  await page.screenshot({ path: `${SCREENS}/clinic-${name}-390.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than a 390 px phone`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function api(request: APIRequestContext, method: "get" | "post", path: string, data?: object) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

async function signInAs(page: Page, who: Who) {
  await page.goto("/home");
  await page.getByText("Staff", { exact: true }).click();
  await page.getByRole("textbox", { name: "Staff access code" }).fill(staffCode);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/normalaccounts$/);
  await page.getByLabel("Username").fill(staff[who].username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
}

test("setup: the owner registers a clinic, its staff, price list and a medicine in batches", async ({ page }) => {
  await registerFromHome(page, { ...owner, type: "Clinic" });
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  token = (await login.json()).token;
  businessId = (await api(page.request, "get", "/api/businesses"))[0]._id;
  for (const who of Object.values(staff))
    await api(page.request, "post", "/api/employeesAuth/register", {
      businessId,
      username: who.username,
      password: PASSWORD,
      occupation: who.occupation,
    });
  const medicine = await api(page.request, "post", "/api/products", {
    businessId,
    name: "Amoxicillin 500mg caps",
    sellingprice: 1_500,
    quantity: 0,
  });
  medicineId = medicine._id;
  await api(page.request, "post", `/api/products/${medicineId}/batches`, {
    batchNumber: "AMX-1",
    expiryDate: EXPIRY,
    quantity: 60,
  });

  // The price list is the owner's, in Settings.
  await page.getByRole("link", { name: "Settings" }).click();
  staffCode = (await page.getByTestId("staff-access-code").innerText()).trim();
  const form = page.getByRole("form", { name: "Add to the price list" });
  await form.getByLabel("Name").fill("General consultation");
  await form.getByLabel("Price (KES)").fill("500");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("price-list")).toContainText("General consultation");
  await pickOption(form.getByLabel("Kind"), { name: "Lab test" });
  await form.getByLabel("Name").fill("Malaria RDT");
  await form.getByLabel("Price (KES)").fill("300");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("price-list")).toContainText("Malaria RDT");
  await expect(page.getByTestId("price-list")).toContainText("KES 300.00");
  await closeToasts(page);
  await page.getByTestId("price-list").scrollIntoViewIfNeeded();
  await shots(page, "settings-price-list");
  // The batch shows on the product's page.
  await page.goto(`/products/${medicineId}`);
  await expect(page.getByTestId("batches")).toContainText("AMX-1");
  await shots(page, "product-batches");
});

test("the receptionist registers the patient and queues a visit", async ({ page }) => {
  await signInAs(page, "receptionist");
  await page.goto("/reception");
  await expect(page.getByTestId("queue-empty")).toBeVisible();
  await shots(page, "reception-empty");
  await page.getByRole("button", { name: "Register patient" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Full name").fill(PATIENT);
  await pickOption(dialog.getByLabel("Sex"), { name: "Female" });
  await dialog.getByLabel("Birth date").fill("1992-03-14");
  await dialog.getByLabel("Phone").fill("07123");
  await dialog.getByRole("button", { name: "Register" }).click();
  await expect(dialog.getByText("Enter a Kenyan mobile number, e.g. 0712 345 678")).toBeVisible();
  await dialog.getByLabel("Phone").fill("+254 712 345 678"); // kept as 0712345678
  await expect(dialog.getByLabel("Allergies")).toHaveCount(0); // reception does not record allergies
  await dialog.getByRole("button", { name: "Register" }).click();
  // Registering leads straight to starting the visit, with the consultation fee.
  await expect(page.getByRole("dialog")).toContainText(`Start a visit for ${PATIENT}`);
  await expect(page.getByRole("dialog")).toContainText("General consultation · KES 500.00");
  await page.getByRole("dialog").getByRole("button", { name: "Queue visit" }).click();
  const queue = page.getByTestId("queue");
  await expect(queue).toContainText(PATIENT);
  await expect(queue.getByTestId("stage-waiting")).toBeVisible();
  await closeToasts(page);
  await page.getByRole("textbox", { name: "Search patients" }).fill("0712345678");
  await expect(page.getByTestId("patients")).toContainText(PATIENT);
  await shots(page, "reception");
  const found = await api(page.request, "get", `/api/patients?businessId=${businessId}&q=0712345678`);
  patientId = found.items[0]._id;
});

test("the doctor records vitals, a diagnosis with its ICD-10 code, a lab request and a prescription", async ({
  page,
}) => {
  await signInAs(page, "doctor");
  await page.goto("/consultation");
  await page.getByTestId("queue").getByText(PATIENT).click();
  const vitals = page.getByRole("form", { name: "Vitals" });
  await vitals.getByLabel("Temperature (°C)").fill("80");
  await vitals.getByRole("button", { name: "Save vitals" }).click();
  await expect(vitals.getByText("Must be between 25 and 45 °C")).toBeVisible();
  await vitals.getByLabel("Temperature (°C)").fill("38.6");
  await vitals.getByLabel("Systolic (mmHg)").fill("118");
  await vitals.getByLabel("Diastolic (mmHg)").fill("76");
  await vitals.getByLabel("Pulse (/min)").fill("96");
  await vitals.getByLabel("Weight (kg)").fill("58.4");
  await vitals.getByLabel("Height (cm)").fill("162");
  await vitals.getByRole("button", { name: "Save vitals" }).click();
  await expect(page.getByText("Vitals saved")).toBeVisible();

  const notes = page.getByRole("form", { name: "Consultation" });
  await notes.getByLabel("Complaint").fill("Fever and headache for 3 days");
  await notes.getByLabel("Examination").fill("Febrile, no neck stiffness");
  await notes.getByLabel("Diagnosis", { exact: true }).fill("Malaria, uncomplicated");
  await notes.getByLabel("ICD-10 code").fill("malaria");
  await page.getByRole("option", { name: "B54 Unspecified malaria" }).click();
  await notes.getByLabel("Plan").fill("RDT; amoxicillin for the chest");
  await notes.getByRole("button", { name: "Save consultation" }).click();
  await expect(page.getByText("Consultation saved")).toBeVisible();

  await page.getByRole("button", { name: "Request lab tests" }).click();
  await page.getByRole("dialog").getByLabel("Malaria RDT · KES 300.00").check();
  await page.getByRole("dialog").getByLabel("Note to the lab").fill("Febrile 38.6");
  await page.getByRole("dialog").getByRole("button", { name: "Send to the lab" }).click();
  await expect(page.getByTestId("lab-requests")).toContainText("Waiting for the lab");

  await page.getByRole("button", { name: "Prescribe" }).click();
  const rx = page.getByRole("dialog");
  await rx.getByLabel("Medicine").fill("amox");
  await page.getByRole("option", { name: /Amoxicillin 500mg caps/ }).click();
  await expect(rx).toContainText("60 pcs in date");
  await rx.getByLabel("Dose").fill("1 cap");
  await rx.getByLabel("Frequency").fill("3 times a day");
  await rx.getByLabel("Days").fill("5");
  await rx.getByLabel("Quantity to dispense").fill("15");
  await rx.getByRole("button", { name: "Prescribe" }).click();
  await expect(page.getByTestId("prescriptions")).toContainText("Amoxicillin 500mg caps");
  await page.getByRole("button", { name: "Send to the lab" }).click();
  await expect(page.getByTestId("visit-desk").getByTestId("stage-lab")).toBeVisible();
  await closeToasts(page);
  await shots(page, "consultation");
  // Beside the visit on a 1366 px laptop the queue fits its card: no column scrolled out of sight.
  const queue = page.getByTestId("queue").locator("xpath=..");
  const { scrollWidth, clientWidth } = await queue.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth, "the consultation queue is wider than its card").toBeLessThanOrEqual(clientWidth);
  await expect(page.getByTestId("queue")).toContainText("P-000001 · ");
});

test("the lab technician enters the result, which the doctor then sees", async ({ browser }) => {
  const lab = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signInAs(lab, "lab");
  await lab.goto("/lab");
  await expect(lab.getByTestId("lab-list")).toContainText("Malaria RDT");
  await expect(lab.getByTestId("lab-list")).toContainText("Febrile 38.6");
  await shots(lab, "lab-waiting");
  await lab.getByRole("button", { name: "Enter result" }).click();
  const dialog = lab.getByRole("dialog");
  await dialog.getByLabel("Result").fill("Positive (P. falciparum)");
  await dialog.getByLabel("Reference range").fill("Negative");
  await pickOption(dialog.getByLabel("Flag"), { name: "Abnormal" });
  await dialog.getByRole("button", { name: "Save result" }).click();
  await expect(lab.getByTestId("lab-empty")).toBeVisible();
  await lab.getByRole("tab", { name: "Results" }).click();
  await expect(lab.getByTestId("lab-list")).toContainText("Positive (P. falciparum)");
  await closeToasts(lab);
  await shots(lab, "lab-results");
  await lab.close();

  const doctor = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signInAs(doctor, "doctor");
  await doctor.goto("/consultation");
  await doctor.getByTestId("queue").getByText(PATIENT).click();
  // Back with the clinician once the lab is done.
  await expect(doctor.getByTestId("visit-desk").getByTestId("stage-consultation")).toBeVisible();
  await expect(doctor.getByTestId("lab-requests")).toContainText("Positive (P. falciparum)");
  await doctor.getByRole("button", { name: "Send to the pharmacy" }).click();
  await expect(doctor.getByTestId("visit-desk").getByTestId("stage-pharmacy")).toBeVisible();
  await doctor.close();
});

test("the pharmacist dispenses: the stock falls by the quantity", async ({ page }) => {
  await signInAs(page, "pharmacist");
  await page.goto("/prescriptions");
  const list = page.getByTestId("prescription-list");
  await expect(list).toContainText(PATIENT);
  await expect(list).toContainText("Amoxicillin 500mg caps");
  await shots(page, "prescriptions");
  await list.getByRole("button", { name: "Dispense" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Dispense" }).click();
  await expect(page.getByText(`Amoxicillin 500mg caps × 15 dispensed to ${PATIENT}`)).toBeVisible();
  await expect(page.getByTestId("prescriptions-empty")).toBeVisible();
  expect((await api(page.request, "get", `/api/products/${medicineId}`)).quantity).toBe(45);
  await page.getByRole("tab", { name: "Dispensed" }).click();
  await expect(page.getByTestId("prescription-list")).toContainText(`AMX-1 (${EXPIRY}) × 15`);
});

test("the cashier takes payment by M-Pesa code at the Pharmacy POS", async ({ page }) => {
  await signInAs(page, "cashier");
  await page.goto("/pos");
  await page.getByTestId("visit-bills").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText(PATIENT).click();
  const bill = dialog.getByTestId("visit-bill");
  await expect(bill).toContainText("General consultation");
  await expect(bill).toContainText("Malaria RDT");
  await expect(bill).toContainText("Amoxicillin 500mg caps × 15");
  await expect(bill.getByTestId("bill-balance")).toHaveText("KES 1,025.00");
  await pickOption(bill.getByLabel("Payment method"), { name: "M-Pesa" });
  await bill.getByRole("button", { name: "Take payment" }).click();
  await expect(bill.getByText("Enter the M-Pesa confirmation code")).toBeVisible();
  await bill.getByLabel("M-Pesa confirmation code").fill("qkl4r5t6y7");
  await bill.getByRole("button", { name: "Take payment" }).click();
  await expect(bill.getByTestId("bill-balance")).toHaveText("KES 0.00");
  await expect(bill).toContainText("Paid in full");
  await expect(bill).toContainText("QKL4R5T6Y7");
  await closeToasts(page);
  await shots(page, "pos-visit-bill");
});

test("the patient record shows the whole visit, and the access log lists who read it", async ({ page }) => {
  await page.goto("/home");
  await page.getByText("Business owner").click();
  await page.getByLabel("Username or email").fill(owner.username);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  await page.goto(`/patientrecords?patient=${patientId}`);
  const record = page.getByTestId("patient-record");
  await expect(record.getByTestId("visit-1")).toContainText("Done");
  await expect(record.getByTestId("vitals")).toContainText("Temp 38.6 °C");
  await expect(record.getByTestId("diagnosis")).toContainText("Malaria, uncomplicated · B54 Unspecified malaria");
  await expect(record).toContainText("Positive (P. falciparum)");
  await expect(record).toContainText(`dispensed by ${staff.pharmacist.username}`);
  const log = record.getByTestId("access-log");
  for (const who of ["doctor", "lab", "pharmacist", "cashier"] as const)
    await expect(log).toContainText(staff[who].username);
  await expect(log).toContainText(owner.username);
  await shots(page, "patient-record");
  await page.getByTestId("access-log-tab").click();
  await expect(page.getByTestId("access-log")).toContainText(PATIENT);
  await shots(page, "access-log");
  await page.goto("/clinicreports");
  await expect(page.getByTestId("report-totals")).toContainText("KES 1,025.00");
  await expect(page.getByText("B54 Unspecified malaria")).toBeVisible();
  await expect(page.getByTestId("report-charts").locator("svg").first()).toBeVisible();
  await shots(page, "reports");
});
