import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * npm run service:install / service:remove (scripts/service.mjs). The unit's content is a pure
 * function, checked everywhere; systemd checks it too where systemd-analyze exists; enabling
 * and disabling for real needs a machine that runs systemd, as root: elsewhere that part is
 * skipped, saying why.
 */
const ROOT = path.resolve(import.meta.dirname, "../../../..");
const SCRIPT = path.join(ROOT, "scripts/service.mjs");
type UnitOptions = {
  appDir: string;
  nodePath: string;
  user: string;
  system: boolean;
  dataDir?: string;
  port?: string | number;
};
type UnitModule = {
  serviceUnit: (o: UnitOptions) => string;
  unitLocation: (o: { name?: string; system: boolean; home: string }) => { dir: string; file: string; name: string };
};
const modulePath = path.join(ROOT, "scripts/service-unit.mjs");
const { serviceUnit, unitLocation } = (await import(modulePath)) as UnitModule;

const tmp = mkdtempSync(path.join(os.tmpdir(), "duka-service-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const runScript = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });
const lines = (unit: string) => unit.split("\n");
const systemdRunning = existsSync("/run/systemd/system");
const hasAnalyze = spawnSync("systemd-analyze", ["--version"]).status === 0;

describe("the systemd unit", () => {
  const system = serviceUnit({
    appDir: "/opt/duka pos",
    nodePath: "/opt/node-20/bin/node",
    user: "shop",
    system: true,
  });

  it("runs node scripts/start.mjs with an absolute node from the app folder, as the user, and always restarts it", () => {
    expect(lines(system)).toEqual(
      expect.arrayContaining([
        "User=shop",
        "WorkingDirectory=/opt/duka pos",
        'ExecStart="/opt/node-20/bin/node" "--enable-source-maps" "/opt/duka pos/scripts/start.mjs"',
        'Environment="DATA_DIR=/opt/duka pos/data"',
        'Environment="PORT=3000"',
        'Environment="PATH=/opt/node-20/bin:/usr/local/bin:/usr/bin:/bin"',
        "EnvironmentFile=-/opt/duka pos/service.env",
        "Restart=always",
        "KillMode=mixed",
        "KillSignal=SIGTERM",
        "WantedBy=multi-user.target",
      ]),
    );
  });

  it("a user unit has no User= and starts with the user's session (or at boot with lingering)", () => {
    const unit = serviceUnit({ appDir: "/home/shop/duka", nodePath: "/usr/bin/node", user: "shop", system: false });
    expect(unit).not.toMatch(/^User=/m);
    expect(unit).toMatch(/^WantedBy=default\.target$/m);
    expect(unit).toMatch(/^Restart=always$/m);
  });

  it("keeps the settings it was installed with, and escapes what systemd would expand", () => {
    const unit = serviceUnit({
      appDir: "/srv/50%$off",
      nodePath: "/usr/bin/node",
      user: "shop",
      system: true,
      dataDir: "/var/lib/duka",
      port: 8080,
    });
    expect(unit).toMatch(/^Environment="DATA_DIR=\/var\/lib\/duka"$/m);
    expect(unit).toMatch(/^Environment="PORT=8080"$/m);
    expect(unit).toMatch(/^WorkingDirectory=\/srv\/50%%\$off$/m);
    expect(unit).toContain('"/srv/50%%$$off/scripts/start.mjs"');
  });

  it("goes to /etc/systemd/system for root and ~/.config/systemd/user otherwise", () => {
    expect(unitLocation({ system: true, home: "/root" }).file).toBe("/etc/systemd/system/duka-pos.service");
    expect(unitLocation({ system: false, home: "/home/shop", name: "shop2" }).file).toBe(
      "/home/shop/.config/systemd/user/shop2.service",
    );
  });
});

describe("npm run service:install / service:remove", () => {
  it("writes the unit for this checkout and removes it (--unit-dir: systemd left alone)", () => {
    const installed = runScript("install", "--unit-dir", tmp);
    expect(installed.status, installed.stderr).toBe(0);
    const file = path.join(tmp, "duka-pos.service");
    const unit = readFileSync(file, "utf8");
    expect(unit).toContain(`WorkingDirectory=${ROOT}`);
    expect(unit).toContain(`ExecStart="${process.execPath}" "--enable-source-maps" "${ROOT}/scripts/start.mjs"`);
    expect(runScript("remove", "--unit-dir", tmp).status).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it("systemd accepts the unit (systemd-analyze verify)", ({ skip }) => {
    if (!hasAnalyze) {
      console.info("skipped: systemd-analyze is not installed on this machine");
      skip("systemd-analyze is not installed on this machine");
    }
    const dir = mkdtempSync(path.join(tmp, "verify-"));
    expect(runScript("install", "--unit-dir", dir).status).toBe(0);
    const res = spawnSync("systemd-analyze", ["verify", path.join(dir, "duka-pos.service")], { encoding: "utf8" });
    expect(res.status, `${res.stdout}${res.stderr}`).toBe(0);
  });

  it("enables the unit with systemd and disables it again", ({ skip }) => {
    // As root, `systemctl enable` of a system unit works even where systemd is not running
    // (containers): it makes the boot links. A user unit needs the user's running systemd.
    const reason =
      process.getuid?.() === 0
        ? null
        : !systemdRunning
          ? "systemd is not running on this machine (no /run/systemd/system) and this run is not root, so no unit can be enabled"
          : "enabling is tested as root (a system unit); a user unit would start this app in the user's session";
    if (reason) {
      console.info(`skipped: ${reason}`);
      skip(reason);
    }
    if (!systemdRunning) console.info("systemd is not running here: enabling is checked as its boot links only");
    // A name of its own, enabled for the next boot but not started: the test does not run a second app.
    const name = `duka-pos-test-${randomBytes(3).toString("hex")}`;
    try {
      const installed = runScript("install", "--name", name, "--no-start");
      expect(installed.status, installed.stderr).toBe(0);
      expect(spawnSync("systemctl", ["is-enabled", `${name}.service`], { encoding: "utf8" }).stdout.trim()).toBe(
        "enabled",
      );
    } finally {
      expect(runScript("remove", "--name", name).status).toBe(0);
    }
    expect(spawnSync("systemctl", ["is-enabled", `${name}.service`]).status).not.toBe(0);
    expect(existsSync(`/etc/systemd/system/${name}.service`)).toBe(false);
  });
});
