import dns from "node:dns/promises";
import net from "node:net";
import type { NetworkPrintingPolicy } from "../../config.ts";

/**
 * Where the server may connect to print. The owner types an address and the server opens a TCP
 * connection to it: left open, that reaches the server's own services, the cloud's metadata
 * address and anything else the server can see (server-side request forgery). So a printer
 * must be on a private LAN (10/8, 172.16/12, 192.168/16) on an allowed port (9100 by default);
 * names are resolved and every address they give is checked before connecting.
 */

/** The private LAN ranges a shop's printer lives on, tested on the first two octets. */
const PRIVATE_LAN: readonly ((a: number, b: number) => boolean)[] = [
  (a) => a === 10,
  (a, b) => a === 172 && b >= 16 && b <= 31,
  (a, b) => a === 192 && b === 168,
];

/** The default policy: on, port 9100, no loopback (what a server in a shop runs with). */
export const DEFAULT_NETWORK_PRINTING: NetworkPrintingPolicy = {
  enabled: true,
  ports: [[9100, 9100]],
  allowLoopback: false,
};

/** Whether a dotted-quad IPv4 address may be printed to (loopback only when a test opts in). */
export function isAllowedPrinterIp(ip: string, policy: NetworkPrintingPolicy): boolean {
  if (!net.isIPv4(ip)) return false; // IPv6 (link-local, metadata fd00:ec2::254, ...) is never a shop printer here
  const [a, b] = ip.split(".").map(Number) as [number, number];
  if (policy.allowLoopback && a === 127) return true;
  return PRIVATE_LAN.some((inRange) => inRange(a, b));
}

export function isAllowedPrinterPort(port: number, policy: NetworkPrintingPolicy): boolean {
  return policy.ports.some(([from, to]) => port >= from && port <= to);
}

/** The allowed ports in words, for a message: "9100" or "9100, 9101-9103". */
export const allowedPortsText = (policy: NetworkPrintingPolicy) =>
  policy.ports.map(([from, to]) => (from === to ? String(from) : `${from}-${to}`)).join(", ");

/**
 * Why an address typed by an owner can never be printed to, or null when it may be (a name is
 * checked again, resolved, when printing). Numbers that are not a full dotted quad ("127.1",
 * "2130706433", "0x7f.1") are refused: resolvers read them as addresses nobody meant.
 */
export function printerAddressProblem(
  host: string,
  port: number,
  policy: NetworkPrintingPolicy,
): { field: "host" | "port"; message: string } | null {
  const lanMessage = "Enter the printer's address on the shop's network (10.x.x.x, 172.16-31.x.x or 192.168.x.x)";
  if (net.isIPv4(host)) {
    if (!isAllowedPrinterIp(host, policy)) return { field: "host", message: lanMessage };
  } else if (/^[\d.]+$|^0x|\.0x|^localhost$|\.localhost$/i.test(host)) {
    if (!(policy.allowLoopback && /^localhost$/i.test(host))) return { field: "host", message: lanMessage };
  }
  if (!isAllowedPrinterPort(port, policy))
    return { field: "port", message: `Network printers are reached on port ${allowedPortsText(policy)}` };
  return null;
}

/**
 * The IPv4 address to connect to for a printer, or null when the host or port is not allowed
 * or the name does not resolve. The connection then goes to this checked address, never to the
 * name again (a second lookup could answer differently).
 */
export async function resolvePrinterAddress(
  host: string,
  port: number,
  policy: NetworkPrintingPolicy,
): Promise<string | null> {
  if (printerAddressProblem(host, port, policy)) return null;
  let addresses: { address: string }[];
  try {
    addresses = await dns.lookup(host, { all: true, family: 4 });
  } catch {
    return null;
  }
  if (!addresses.length || !addresses.every((a) => isAllowedPrinterIp(a.address, policy))) return null;
  return addresses[0]!.address;
}
