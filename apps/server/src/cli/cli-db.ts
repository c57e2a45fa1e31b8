import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { startEmbeddedPostgres } from "../db/embedded.ts";
import { runMigrations } from "../db/migrate.ts";
import { walDirOf } from "../db/backups/runner.ts";
import { readOrCreateSecret } from "../platform/secrets.ts";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens the database a command-line tool works on: DATABASE_URL if set; else the embedded
 * PostgreSQL of a server running on DATA_DIR (read from postmaster.pid); else a temporary
 * start of the embedded PostgreSQL. Migrations are applied either way.
 */
export async function openCliDatabase(): Promise<Database & { url: string }> {
  const config = loadConfig();
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!url) {
    const pidFile = path.join(config.dataDir, "pg", "postmaster.pid");
    const lines = existsSync(pidFile) ? readFileSync(pidFile, "utf8").split("\n") : [];
    const pid = Number(lines[0]);
    if (pid && isAlive(pid) && lines[3]) {
      const password = await readOrCreateSecret(config.dataDir, "pg-password", 24);
      url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${lines[3].trim()}/app`;
    } else {
      const embedded = await startEmbeddedPostgres(config.dataDir, (m) => console.error(m), {
        walArchiveDir: config.backups?.walArchiving ? walDirOf(config.backups) : undefined,
      });
      url = embedded.url;
      stopEmbedded = embedded.stop;
    }
  }
  // No statement timeout: a backup or restore of a big shop may run for minutes.
  const database = openDatabase(url, 2, 0);
  await runMigrations(database.pool);
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await stopEmbedded?.();
    },
  };
}

/** Reads `--name value` pairs from the command line. */
export function parseFlags(argv: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith("--")) {
      const [name, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
      flags[name] = inline ?? argv[++i] ?? "";
    }
  }
  return flags;
}
