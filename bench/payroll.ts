// Benchmark 6: a payroll run for 500 employees over HTTP against the server process: the draft
// run (rule set, pay profiles, commissions from the sales ledger, 500 payslips computed and
// written in one transaction), its lines, and the PAYE return as CSV.
import type pg from "pg";
import { registerOwner, type ServerProcess } from "./lib/server.ts";
import { figure, type Figure } from "./lib/stats.ts";

/** Staff and their pay profiles straight in SQL: the benchmark measures the run, not the seeding. */
async function seedStaff(pool: pg.Pool, businessId: string, n: number): Promise<void> {
  await pool.query(
    `INSERT INTO employees (business_id, username, password_hash, occupation)
     SELECT $1, 'staff_' || g, 'not-a-hash', CASE WHEN g % 5 = 0 THEN 'Cashier' ELSE 'Clerk' END
     FROM generate_series(1, $2) g`,
    [businessId, n],
  );
  await pool.query(
    `INSERT INTO pay_profiles (business_id, employee_id, kra_pin, nssf_number, sha_number, pay_method, mpesa_phone,
                               basic_pay, allowances, deductions, updated_by)
     SELECT business_id, id, 'A' || lpad((abs(hashtext(id::text)) % 1000000000)::text, 9, '0') || 'K', 'N' || id, 'S' || id,
            'mpesa', '0712345678', 1500000 + abs(hashtext(id::text)) % 50000000,
            '[{"name":"House","amount":500000}]', '[{"kind":"helb","name":"HELB","amount":150000}]', 'bench'
     FROM employees WHERE business_id = $1`,
    [businessId],
  );
  await pool.query(
    `INSERT INTO commission_rules (business_id, occupation, kind, rate_bp, created_by) VALUES ($1, 'Cashier', 'percentOfSales', 200, 'bench')`,
    [businessId],
  );
}

export async function benchPayroll(opts: {
  server: ServerProcess;
  pool: pg.Pool;
  employees: number;
  runs: number;
  log: (line: string) => void;
}): Promise<Figure[]> {
  const owner = await registerOwner(opts.server.base, "Bench Payroll Office");
  await seedStaff(opts.pool, owner.businessId, opts.employees);
  const headers = { authorization: `Bearer ${owner.token}`, "content-type": "application/json" };
  const b = `payroll (${opts.employees} employees)`;
  const runMs: number[] = [];
  const linesMs: number[] = [];
  const csvMs: number[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const month = `2027-${String(i + 1).padStart(2, "0")}`;
    let started = performance.now();
    const res = await fetch(`${opts.server.base}/api/payrolls`, {
      method: "POST",
      headers,
      body: JSON.stringify({ businessId: owner.businessId, month }),
    });
    runMs.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`payroll run answered ${res.status}: ${await res.text()}`);
    const run = (await res.json()) as { _id: string; employees: number };
    if (run.employees !== opts.employees) throw new Error(`the run paid ${run.employees} employees`);
    started = performance.now();
    const lines = await fetch(`${opts.server.base}/api/payrolls/${run._id}/lines`, { headers });
    await lines.arrayBuffer();
    linesMs.push(performance.now() - started);
    started = performance.now();
    const csv = await fetch(`${opts.server.base}/api/payrolls/${run._id}/export?schedule=paye`, { headers });
    await csv.text();
    csvMs.push(performance.now() - started);
  }
  const figures = [
    figure(b, "run a month (draft: every payslip computed and stored)", runMs, "ms", {
      text: "under 2 s",
      test: (v) => v < 2000,
    }),
    figure(b, "read the run's lines", linesMs, "ms"),
    figure(b, "PAYE return as CSV", csvMs, "ms"),
  ];
  for (const f of figures) opts.log(`${f.bench}: ${f.name}: ${f.value} ${f.unit}`);
  return figures;
}
