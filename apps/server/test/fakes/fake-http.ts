import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request a fake provider received, as sent. */
export type Recorded = { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown };
export type Reply = { status: number; body: unknown };
export type Handler = (req: Recorded) => Reply | Promise<Reply>;

/** A tiny JSON server on loopback that records every request (the fake providers' base). */
export async function startFakeServer(
  handle: Handler,
): Promise<{ url: string; requests: Recorded[]; close: () => Promise<void> }> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* form bodies stay text */
      }
      const recorded: Recorded = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body };
      requests.push(recorded);
      void Promise.resolve(handle(recorded))
        .catch((err: unknown) => ({ status: 500, body: { error: String(err) } }))
        .then((reply) => {
          res.writeHead(reply.status, { "content-type": "application/json" });
          res.end(JSON.stringify(reply.body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const basicAuth = (user: string, secret: string) =>
  `Basic ${Buffer.from(`${user}:${secret}`).toString("base64")}`;
