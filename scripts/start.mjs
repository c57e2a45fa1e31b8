// npm start: build what changed, then run the server (embedded PostgreSQL, data in ./data).
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded, ROOT } from "./build-if-needed.mjs";

if (!buildIfNeeded()) process.exit(1);

const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(ROOT, "data"), PORT: process.env.PORT ?? "3000" };
const child = spawn(process.execPath, ["--enable-source-maps", path.join(ROOT, "apps/server/dist/main.js")], { cwd: ROOT, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
