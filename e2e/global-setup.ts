import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SUPPORT = { username: "support", password: "supportpass1" };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the built app on a fresh data dir (embedded PostgreSQL) and creates a support user. */
export default async function globalSetup() {
  const build = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-if-needed.mjs")], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("The build failed");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-e2e-"));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" };
  delete env.DATABASE_URL; // always the embedded database: a fresh one per run
  delete env.TEST_DATABASE_URL;
  const server = spawn(process.execPath, [path.join(ROOT, "apps/server/dist/main.js")], { env, stdio: ["ignore", "inherit", "inherit"] });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("The server did not become healthy within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  const cli = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "apps/server/src/cli/create-support-user.ts"), "--username", SUPPORT.username, "--password", SUPPORT.password], {
    env,
    cwd: path.join(ROOT, "apps/server"),
    encoding: "utf8",
  });
  if (cli.status !== 0) throw new Error(`create-support-user failed: ${cli.stderr}`);
  process.env.E2E_BASE_URL = baseURL;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
