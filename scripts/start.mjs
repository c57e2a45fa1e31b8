// npm start: build what changed, then run the server in this process (embedded PostgreSQL,
// data in ./data). In-process rather than a child, so a `kill -9` of this process leaves no
// orphaned server behind; the orphaned PostgreSQL it may leave is stopped by the next start.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfNeeded, ROOT } from "./build-if-needed.mjs";

if (!buildIfNeeded()) process.exit(1);

process.env.DATA_DIR ??= path.join(ROOT, "data");
process.env.PORT ??= "3000";

/** The parent and command line of a process, read from /proc (Linux); null where not available. */
function processInfo(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return null;
  // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis.
  const text = readFileSync(stat, "utf8");
  const ppid = Number(text.slice(text.lastIndexOf(")") + 2).split(" ")[1]) || 0;
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  return { ppid, isNpm: /(^|\/)npm(\s|$)|npm-cli\.js/.test(cmdline) };
}

/**
 * npm runs us through `sh -c`; when npm itself is killed (even with -9) that shell and this
 * process would live on, holding the port and the data dir. So we watch our ancestors up to
 * the npm process and shut down in order (SIGTERM: requests, pool, database) when one is gone.
 */
function watchLaunchers() {
  if (!["start", "worker"].includes(process.env.npm_lifecycle_event ?? "")) return;
  const ancestors = [];
  for (let pid = process.ppid; pid > 1 && ancestors.length < 4;) {
    const info = processInfo(pid);
    if (!info) break;
    ancestors.push(pid);
    if (info.isNpm) break;
    pid = info.ppid;
  }
  if (!ancestors.length) return;
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return err.code === "EPERM";
    }
  };
  const timer = setInterval(() => {
    if (ancestors.every(alive) && process.ppid === ancestors[0]) return;
    clearInterval(timer);
    console.log("[start] npm start was stopped; shutting the server down");
    process.kill(process.pid, "SIGTERM");
  }, 1000);
  timer.unref();
}

watchLaunchers();
await import(pathToFileURL(path.join(ROOT, "apps/server/dist/main.js")).href);
