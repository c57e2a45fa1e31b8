import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { redactUrl } from "../../src/platform/log-safety.ts";

/** SMS and e-mail settings from the environment: together or not at all, the sandbox by its username. */
describe("messaging configuration", () => {
  it("sets SMS up with the username and key, Africa's Talking's sandbox for the username sandbox", () => {
    expect(loadConfig({}).messaging).toEqual({ sms: null, email: null, publicUrl: null });
    expect(loadConfig({ AT_USERNAME: "sandbox", AT_API_KEY: "k" }).messaging.sms).toEqual({
      username: "sandbox",
      apiKey: "k",
      senderId: null,
      baseUrl: "https://api.sandbox.africastalking.com",
    });
    const live = loadConfig({ AT_USERNAME: "mamaduka", AT_API_KEY: "k", AT_SENDER_ID: "MAMADUKA" }).messaging.sms;
    expect(live).toMatchObject({ baseUrl: "https://api.africastalking.com", senderId: "MAMADUKA" });
    expect(
      loadConfig({ AT_USERNAME: "x", AT_API_KEY: "k", AT_BASE_URL: "http://127.0.0.1:9/" }).messaging.sms?.baseUrl,
    ).toBe("http://127.0.0.1:9");
  });

  it("stops on half a setting, naming what is missing, and on a bad SMTP address", () => {
    expect(() => loadConfig({ AT_USERNAME: "sandbox" })).toThrow(/AT_API_KEY: required when AT_USERNAME is set/);
    expect(() => loadConfig({ SMTP_URL: "smtp://h:25" })).toThrow(/SMTP_FROM: required when SMTP_URL is set/);
    expect(() => loadConfig({ SMTP_URL: "http://h", SMTP_FROM: "a@b.co" })).toThrow(/SMTP_URL/);
    expect(
      loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465", SMTP_FROM: "Duka <a@b.co>" }).messaging.email,
    ).toEqual({ url: "smtps://u:p@mail.example.com:465", from: "Duka <a@b.co>" });
  });

  it("never prints the API key or the SMTP password in its error", () => {
    const errorOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error("no error");
    };
    const keyOnly = errorOf({ AT_API_KEY: "very-secret-key" });
    expect(keyOnly).toMatch(/AT_USERNAME: required when AT_API_KEY is set/);
    expect(keyOnly).not.toContain("very-secret-key");
    const badUrl = errorOf({ SMTP_URL: "ftp://u:hunter2@h", SMTP_FROM: "a@b.co" });
    expect(badUrl).toMatch(/SMTP_URL: must be smtp/);
    expect(badUrl).not.toContain("hunter2");
  });

  it("keeps receipt links out of the request log: the token opens the receipt", () => {
    const token = "1ygxgD-4EawtoEnvGczJ5mwr0ZNy2gb516Ls-DGsLrk";
    expect(redactUrl(`/api/public/receipts/${token}?lang=sw`)).toBe("/api/public/receipts/[redacted]?lang=sw");
    expect(redactUrl(`/r/${token}`)).toBe("/r/[redacted]");
    expect(redactUrl("/api/sales/abc/receipt-link")).toBe("/api/sales/abc/receipt-link");
  });
});
