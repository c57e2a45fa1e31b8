import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { api, newProduct, sold, soldOnCredit } from "../factories/sales.ts";
import { startFakeAfricasTalking, type FakeAfricasTalking } from "../fakes/fake-africastalking.ts";
import { startSmtpCapture } from "../fakes/smtp-capture.ts";

/**
 * Receipts by SMS (against a fake Africa's Talking) and e-mail (a real SMTP server on loopback),
 * sent by the job runner with retries; the receipt's public page by its link; the message log;
 * and one business never reaching another's receipts or messages.
 */
let t: TestApp;
let at: FakeAfricasTalking;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let owner: Owner;
let cashier: Staff;
let other: Owner;
let saleId: string;

beforeAll(async () => {
  at = await startFakeAfricasTalking();
  smtp = await startSmtpCapture();
  t = await createTestApp(
    {
      messaging: {
        sms: { baseUrl: at.url, username: at.account.username, apiKey: at.account.apiKey, senderId: "DUKA" },
        email: { url: smtp.url, from: "Duka <receipts@duka.test>" },
        publicUrl: "https://duka.example",
        retryDelaySeconds: 1,
      },
    },
    { jobs: true },
  );
  owner = await registerBusiness(t.app);
  other = await registerBusiness(t.app);
  cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
  const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 25000 });
  saleId = (await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 2 }], 50000))._id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await at.close();
  await smtp.close();
});

const messagesOf = async (who: Owner) => {
  const res = await api(t.app, who.token).get(`/api/messages?businessId=${who.businessId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    _id: string;
    status: string;
    cost: string | null;
    error: string | null;
    attempts: number;
    recipient: string;
    providerId: string | null;
  }[];
};

describe("a receipt by SMS", () => {
  it("is queued by the cashier, sent by the job to Africa's Talking, and logged sent with its cost", async () => {
    const res = await api(t.app, cashier.token).post(
      `/api/sales/${saleId}/send-receipt`,
      { channel: "sms", to: "0712 345 678" },
      { "idempotency-key": "sms-receipt-0001" },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: "queued", channel: "sms", recipient: "+254712345678", kind: "receipt" });
    // The same key again queues nothing more.
    const again = await api(t.app, cashier.token).post(
      `/api/sales/${saleId}/send-receipt`,
      { channel: "sms", to: "0712 345 678" },
      { "idempotency-key": "sms-receipt-0001" },
    );
    expect(again.json()._id).toBe(res.json()._id);
    await t.app.jobs!.drain();
    expect(at.sent).toHaveLength(1);
    expect(at.sent[0]).toMatchObject({ to: "+254712345678", from: "DUKA" });
    expect(at.sent[0]!.message).toMatch(
      /receipt #1, KES 500\.00\. View it: https:\/\/duka\.example\/r\/[A-Za-z0-9_-]{43}$/,
    );
    const [logged] = await messagesOf(owner);
    expect(logged).toMatchObject({
      status: "sent",
      cost: "KES 0.8000",
      providerId: at.sent[0]!.messageId,
      attempts: 1,
    });
  });

  it("is retried when Africa's Talking is down, then sent", async () => {
    at.failNext(1, "down");
    const res = await api(t.app, cashier.token).post(`/api/sales/${saleId}/send-receipt`, {
      channel: "sms",
      to: "+254 722 000 111",
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs!.drain(undefined, 60_000);
    const logged = (await messagesOf(owner)).find((m) => m._id === res.json()._id)!;
    expect(logged).toMatchObject({ status: "sent", attempts: 2, cost: "KES 0.8000" });
  }, 70_000);

  it("is failed with the reason after its last try when the provider keeps failing", async () => {
    at.failNext(10, "balance");
    const res = await api(t.app, cashier.token).post(`/api/sales/${saleId}/send-receipt`, {
      channel: "sms",
      to: "0733111222",
    });
    await t.app.jobs!.drain(undefined, 90_000);
    const logged = (await messagesOf(owner)).find((m) => m._id === res.json()._id)!;
    expect(logged).toMatchObject({
      status: "failed",
      attempts: 4,
      error: "Africa's Talking: InsufficientBalance (405)",
    });
    at.failNext(0);
  }, 100_000);

  it("is failed at once, without retries, when the number is refused", async () => {
    at.failNext(1, "refused");
    const res = await api(t.app, cashier.token).post(`/api/sales/${saleId}/send-receipt`, {
      channel: "sms",
      to: "0744555666",
    });
    await t.app.jobs!.drain();
    const logged = (await messagesOf(owner)).find((m) => m._id === res.json()._id)!;
    expect(logged).toMatchObject({
      status: "failed",
      attempts: 1,
      error: "Africa's Talking: InvalidPhoneNumber (403)",
    });
  });

  it("refuses a number that is not a Kenyan mobile (400), queuing nothing", async () => {
    const before = (await messagesOf(owner)).length;
    const res = await api(t.app, cashier.token).post(`/api/sales/${saleId}/send-receipt`, {
      channel: "sms",
      to: "12345",
    });
    expect(res.statusCode).toBe(400);
    expect(await messagesOf(owner)).toHaveLength(before);
  });
});

describe("a receipt by e-mail", () => {
  it("arrives at the SMTP server with the receipt and its link", async () => {
    const res = await api(t.app, cashier.token).post(`/api/sales/${saleId}/send-receipt`, {
      channel: "email",
      to: "Mteja@Example.com",
      language: "sw",
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs!.drain();
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(["mteja@example.com"]);
    expect(mail.from).toBe("receipts@duka.test");
    expect(mail.raw).toMatch(/Subject: .*risiti #1/);
    expect(mail.text).toMatch(/Itazame: https:\/\/duka\.example\/r\/[A-Za-z0-9_-]{43}\r?\n/);
    expect(mail.text).toMatch(/JUMLA +KES 500\.00/);
    const logged = (await messagesOf(owner)).find((m) => m._id === res.json()._id)!;
    expect(logged).toMatchObject({ status: "sent", cost: null });
  });

  it("is retried after the mail server's temporary refusal", async () => {
    smtp.refuseNext(1);
    const res = await api(t.app, cashier.token).post(`/api/sales/${saleId}/send-receipt`, {
      channel: "email",
      to: "a@b.co",
    });
    await t.app.jobs!.drain(undefined, 60_000);
    const logged = (await messagesOf(owner)).find((m) => m._id === res.json()._id)!;
    expect(logged).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.mails.at(-1)!.to).toEqual(["a@b.co"]);
  }, 70_000);
});

describe("the receipt's public page", () => {
  it("shows the receipt signed out by its link, in English or Swahili; a wrong token is 404", async () => {
    const link = await api(t.app, cashier.token).post(`/api/sales/${saleId}/receipt-link`);
    expect(link.statusCode, link.body).toBe(200);
    const { token, url } = link.json() as { token: string; url: string };
    expect(url).toBe(`https://duka.example/r/${token}`);
    // The same link each time.
    expect((await api(t.app, owner.token).post(`/api/sales/${saleId}/receipt-link`)).json().token).toBe(token);
    const page = await api(t.app).get(`/api/public/receipts/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { businessName: string; lines: { kind: string; text?: string }[] };
    expect(Object.keys(body).sort()).toEqual(["businessName", "lines"]);
    expect(body.lines.some((l) => l.text?.includes("TOTAL"))).toBe(true);
    const sw = (await api(t.app).get(`/api/public/receipts/${token}?lang=sw`)).json() as typeof body;
    expect(sw.lines.map((l) => l.text).join("\n")).not.toEqual(body.lines.map((l) => l.text).join("\n"));
    // A phone's page asks for the 58 mm receipt: no line wider than 32 characters.
    const narrow = (await api(t.app).get(`/api/public/receipts/${token}?width=32`)).json() as typeof body;
    expect(Math.max(...narrow.lines.map((l) => l.text?.length ?? 0))).toBeLessThanOrEqual(32);
    expect(Math.max(...body.lines.map((l) => l.text?.length ?? 0))).toBeGreaterThan(32);
    const wrong = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    expect((await api(t.app).get(`/api/public/receipts/${wrong}`)).statusCode).toBe(404);
    expect((await api(t.app).get(`/api/public/receipts/short`)).statusCode).toBe(400);
  });
});

describe("a credit customer's statement", () => {
  it("is sent by SMS in the customer's language with what they owe and how to stop such messages", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 40000 });
    await soldOnCredit(
      t.app,
      owner,
      owner.businessId,
      { productId: p._id, quantity: 1, total: 40000 },
      { down: 10000, customerName: "Achieng Otieno", customerPhone: "0711222333" },
    );
    const list = await api(t.app, owner.token).get(`/api/customers?businessId=${owner.businessId}&search=Achieng`);
    const customer = (list.json() as { items: { _id: string; name: string }[] }).items[0]!;
    const before = at.sent.length;
    const res = await api(t.app, owner.token).post(`/api/customers/${customer._id}/send-statement`, {
      channel: "sms",
      to: "0711 222 333",
      language: "sw",
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ kind: "statement", recipient: "+254711222333", ref: customer._id });
    await t.app.jobs!.drain();
    expect(at.sent.slice(before)).toHaveLength(1);
    expect(at.sent.at(-1)!.message).toMatch(/Mpendwa Achieng Otieno, akaunti yako inaonyesha deni la KES 300\.00\./);
    expect(at.sent.at(-1)!.message).toMatch(/Kusitisha ujumbe huu, mwambie /);
  });

  it("is refused for another business's customer (404), queuing nothing", async () => {
    const list = await api(t.app, owner.token).get(`/api/customers?businessId=${owner.businessId}&search=Achieng`);
    const customerId = (list.json() as { items: { _id: string }[] }).items[0]!._id;
    const res = await api(t.app, other.token).post(`/api/customers/${customerId}/send-statement`, {
      channel: "sms",
      to: "0711222333",
    });
    expect(res.statusCode).toBe(404);
    expect(await messagesOf(other)).toEqual([]);
  });
});

describe("one business never reaches another's receipts or messages", () => {
  it("refuses another business's owner on the sale's link and send (404) and shows them none of its messages", async () => {
    const o = api(t.app, other.token);
    expect((await o.post(`/api/sales/${saleId}/receipt-link`)).statusCode).toBe(404);
    expect((await o.post(`/api/sales/${saleId}/send-receipt`, { channel: "sms", to: "0712345678" })).statusCode).toBe(
      404,
    );
    expect(await messagesOf(other)).toEqual([]);
    expect((await o.get(`/api/messages?businessId=${owner.businessId}`)).statusCode).toBe(403);
  });

  it("keeps the message log for the owner (a cashier gets 403)", async () => {
    expect((await api(t.app, cashier.token).get(`/api/messages?businessId=${owner.businessId}`)).statusCode).toBe(403);
  });
});
