// npm run service:install / service:remove: start the app on boot, and again whenever it stops,
// with systemd (Linux). The unit's content is in service-unit.mjs.
//
//   node scripts/service.mjs install [--name NAME] [--unit-dir DIR] [--no-start]
//   node scripts/service.mjs remove  [--name NAME] [--unit-dir DIR]
//
// --unit-dir writes (or removes) the unit in DIR only and leaves systemd alone: for a look at
// it, or to package it. --no-start enables it for the next boot without starting it now. Other platforms get advice instead (see README, "Start on boot").
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "./build-if-needed.mjs";
import { DEFAULT_SERVICE_NAME, serviceUnit, unitLocation } from "./service-unit.mjs";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: "string", default: DEFAULT_SERVICE_NAME },
    "unit-dir": { type: "string" },
    "no-start": { type: "boolean", default: false },
  },
});
const action = positionals[0];
if (action !== "install" && action !== "remove") {
  console.error("Usage: node scripts/service.mjs install|remove [--name NAME] [--unit-dir DIR] [--no-start]");
  process.exit(2);
}

if (process.platform !== "linux" && !values["unit-dir"]) {
  console.error(
    process.platform === "win32"
      ? 'On Windows, start the app on boot with Task Scheduler or NSSM: see README, section "Start on boot".'
      : 'Start on boot is set up with systemd, on Linux. See README, section "Start on boot".',
  );
  process.exit(1);
}

const system = process.getuid?.() === 0;
const user = os.userInfo().username;
const where = values["unit-dir"]
  ? { ...unitLocation({ name: values.name, system, home: os.homedir() }), dir: values["unit-dir"] }
  : unitLocation({ name: values.name, system, home: os.homedir() });
where.file = path.join(where.dir, where.name);
const systemctlArgs = system ? [] : ["--user"];
/** Whether systemd runs this machine (not merely installed, as in many containers). */
const systemdRunning = existsSync("/run/systemd/system");

function systemctl(...args) {
  const res = spawnSync("systemctl", [...systemctlArgs, ...args], { encoding: "utf8" });
  if (res.error) return { ok: false, out: res.error.message };
  return { ok: res.status === 0, out: `${res.stdout}${res.stderr}`.trim() };
}

function install() {
  const unit = serviceUnit({
    appDir: ROOT,
    nodePath: process.execPath,
    user,
    system,
    dataDir: process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : undefined,
    port: process.env.PORT,
  });
  mkdirSync(where.dir, { recursive: true });
  writeFileSync(where.file, unit);
  console.log(`Wrote ${where.file}`);
  if (values["unit-dir"]) return console.log("Not enabled (--unit-dir): systemd was left alone.");
  if (!systemdRunning) {
    // `systemctl enable` of a system unit only makes links, which works without a running systemd.
    const enabled = system ? systemctl("enable", where.name) : { ok: false, out: "" };
    console.log(
      enabled.ok
        ? `systemd is not running on this machine: ${where.name} is enabled and starts at the next boot under systemd.`
        : `systemd is not running on this machine (no /run/systemd/system), so ${where.name} could not be enabled. ` +
            "Start the app with `npm start` (or your system's service manager) instead.",
    );
    process.exitCode = enabled.ok ? 0 : 1;
    return;
  }
  const enable = values["no-start"] ? ["enable", where.name] : ["enable", "--now", where.name];
  for (const step of [["daemon-reload"], enable]) {
    const res = systemctl(...step);
    if (!res.ok) {
      console.error(`systemctl ${[...systemctlArgs, ...step].join(" ")} failed: ${res.out}`);
      process.exitCode = 1;
      return;
    }
  }
  if (!system) {
    // A user's services run only while they are logged in, unless lingering is on.
    const linger = spawnSync("loginctl", ["enable-linger", user], { encoding: "utf8" });
    if (linger.status !== 0)
      console.log(`To start it at boot before anyone logs in, run once: sudo loginctl enable-linger ${user}`);
  }
  const journal = system ? `journalctl -u ${where.name}` : `journalctl --user -u ${where.name}`;
  console.log(
    `${where.name} is enabled${values["no-start"] ? "" : " and started"}: the app starts on boot and again whenever it stops.\n` +
      `  status: systemctl ${[...systemctlArgs, "status", where.name].join(" ")}\n  logs:   ${journal} -f`,
  );
}

function remove() {
  if (!values["unit-dir"] && systemdRunning) {
    systemctl("disable", "--now", where.name); // fine when it was not enabled or running
  } else if (!values["unit-dir"] && system) {
    systemctl("disable", where.name);
  }
  if (!existsSync(where.file)) {
    console.log(`No ${where.file}: nothing to remove.`);
    return;
  }
  rmSync(where.file);
  if (!values["unit-dir"] && systemdRunning) systemctl("daemon-reload");
  console.log(`Removed ${where.file}; the app no longer starts on boot.`);
}

if (action === "install") install();
else remove();
