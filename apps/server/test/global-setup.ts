import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../src/db/embedded.ts";
import { runMigrations } from "../src/db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

/**
 * One PostgreSQL for the whole server suite: TEST_DATABASE_URL's server, or an embedded one in
 * a temporary dir. A migrated template database is made once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let dataDir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "duka-test-pg-"));
    await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
    embedded = await startEmbeddedPostgres(dataDir, () => undefined);
    adminUrl = embedded.url.replace(/\/app$/, "/postgres");
  }
  const templateDb = `duka_test_tmpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on("error", () => undefined); // held for the whole run; a dropped connection shows at teardown
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDb}`);
  const template = openDatabase(withDatabase(adminUrl, templateDb), 2);
  await runMigrations(template.pool);
  await template.close();
  project.provide("adminUrl", adminUrl);
  project.provide("templateDb", templateDb);
  console.log(`server tests: PostgreSQL ${process.env.TEST_DATABASE_URL ? "from TEST_DATABASE_URL" : "embedded"}`);

  return async () => {
    // The template, and any copy of it a crashed test file left behind (copies are named after it).
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2",
      [templateDb, `${templateDb}\\_%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
