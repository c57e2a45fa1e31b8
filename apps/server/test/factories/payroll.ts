import { inflateSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { client } from "./app.ts";

type Caller = { token: string };

/** Saves a pay profile through the API (basic pay in shillings); throws unless it succeeds. */
export async function savePayProfile(
  app: FastifyInstance,
  owner: Caller,
  employeeId: string,
  basicShillings: number,
  over: Record<string, unknown> = {},
) {
  const res = await client(app, owner.token).put(`/api/payProfiles/${employeeId}`, {
    basicPay: basicShillings * 100,
    kraPin: "A123456789B",
    nssfNumber: "NSSF-1",
    shaNumber: "SHA-1",
    idNumber: "12345678",
    payMethod: "mpesa",
    mpesaPhone: "0712345678",
    ...over,
  });
  if (res.statusCode !== 200) throw new Error(`pay profile failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Runs payroll for a month through the API (raw response). */
export function runPayroll(
  app: FastifyInstance,
  owner: Caller,
  businessId: string,
  month: string,
  over: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return client(app, owner.token).post("/api/payrolls", { businessId, month, ...over }, headers);
}

/** The text a PDF shows: its content streams inflated, the strings of its text operators decoded. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = pdf.subarray(start, end);
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

/**
 * Gives a business one row of each payroll table (for the route walks): a member of staff's
 * pay profile, a run for January 2026 (with their payslip line) and a commission rule.
 */
export async function seedPayroll(
  app: FastifyInstance,
  owner: Caller & { businessId: string },
  employeeId: string,
  tag: string,
) {
  await savePayProfile(app, owner, employeeId, 40_000, {
    payMethod: "bank",
    bankName: `${tag} Bank`,
    bankAccount: "0011",
  });
  const run = await runPayroll(app, owner, owner.businessId, "2026-01");
  if (run.statusCode !== 201) throw new Error(`payroll run failed: ${run.statusCode} ${run.body}`);
  const rule = await client(app, owner.token).post("/api/commissions", {
    businessId: owner.businessId,
    employeeId,
    kind: "percentOfSales",
    rateBp: 100,
  });
  if (rule.statusCode !== 201) throw new Error(`commission rule failed: ${rule.statusCode} ${rule.body}`);
}
