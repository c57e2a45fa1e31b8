// The systemd unit that starts the app on boot and again whenever it stops (npm run
// service:install). Pure: the content and the place depend only on what is passed in, so a test
// can check them on any machine.
import path from "node:path";

export const DEFAULT_SERVICE_NAME = "duka-pos";

/** A quoted word on a unit line, with systemd's specifiers (%) kept literal. */
const quote = (word) => `"${word.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/%/g, "%%")}"`;

/** One ExecStart argument: quoted, and $ kept literal too (ExecStart expands $VARIABLES; Environment= does not). */
const quoteArg = (arg) => quote(arg).replace(/\$/g, "$$$$");

/** A value on a unit line: only % is special there. */
const literal = (value) => value.replace(/%/g, "%%");

/**
 * Where the unit goes: a system unit (/etc/systemd/system, starts at boot) when installed by
 * root, else a user unit (~/.config/systemd/user; starts at boot once lingering is enabled).
 */
export function unitLocation({ name = DEFAULT_SERVICE_NAME, system, home }) {
  const dir = system ? "/etc/systemd/system" : path.join(home, ".config", "systemd", "user");
  return { dir, file: path.join(dir, `${name}.service`), name: `${name}.service` };
}

/**
 * The unit's text. It runs `node scripts/start.mjs` (what `npm start` runs) from the app folder
 * with an absolute node path, as `user` (system units), restarts it always, and stops it with
 * SIGTERM to the server alone: the server then stops its own PostgreSQL in order.
 */
export function serviceUnit({ appDir, nodePath, user, system, dataDir, port }) {
  const nodeDir = path.dirname(nodePath);
  const lines = [
    "[Unit]",
    "Description=Duka POS (point of sale and back office)",
    "Wants=network-online.target",
    "After=network-online.target",
    "",
    "[Service]",
    "Type=simple",
    ...(system ? [`User=${literal(user)}`] : []),
    `WorkingDirectory=${literal(appDir)}`,
    // npm (for a rebuild after an update) lives beside node, which may not be on systemd's PATH.
    `Environment=${quote(`PATH=${nodeDir}:/usr/local/bin:/usr/bin:/bin`)}`,
    `Environment=${quote(`DATA_DIR=${dataDir ?? path.join(appDir, "data")}`)}`,
    `Environment=${quote(`PORT=${port ?? 3000}`)}`,
    // Further settings (DATABASE_URL, PAYPAL_*, MPESA_*), one VAR=value a line, if the file exists.
    `EnvironmentFile=-${literal(path.join(appDir, "service.env"))}`,
    `ExecStart=${[nodePath, "--enable-source-maps", path.join(appDir, "scripts", "start.mjs")].map(quoteArg).join(" ")}`,
    "Restart=always",
    "RestartSec=5",
    "KillMode=mixed",
    "KillSignal=SIGTERM",
    "TimeoutStopSec=30",
    "",
    "[Install]",
    `WantedBy=${system ? "multi-user.target" : "default.target"}`,
    "",
  ];
  return lines.join("\n");
}
