import type { FastifyInstance } from "fastify";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { AppError } from "./errors.ts";

/**
 * PostgreSQL cannot store a NUL character (U+0000) in text: left alone, one in a product name,
 * a search or a sign-in username reaches a query and answers 500. Every route is guarded here,
 * once, before its schema runs: a NUL in any string (or object key) of the body, the query or
 * the path is a 400 naming the field. Other control characters are data (a tab, a new line).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, the till's sales included.
  app.addHook("preValidation", (req, _reply, done) => {
    for (const [part, value] of [
      ["params", req.params],
      ["query", req.query],
      ["body", req.body],
    ] as const) {
      const where = nulPathOf(value);
      if (where) {
        const field = where.join(".") || part;
        return done(
          new AppError(ERROR_CODES.VALIDATION, `Invalid input: ${field}`, {
            [field]: "Must not contain a NUL character",
          }),
        );
      }
    }
    done();
  });
}

type Visit = { value: unknown; key: string | null; parent: Visit | null };

/**
 * The path of a string or key holding a NUL, or null. Walked with a list rather than recursion,
 * so a body nested thousands deep cannot overflow the stack. Buffers and streams are not text.
 */
function nulPathOf(root: unknown): string[] | null {
  const pathOf = (v: Visit, last?: string) => {
    const path = last === undefined ? [] : [last];
    for (let at: Visit | null = v; at?.key != null; at = at.parent) path.unshift(at.key);
    return path;
  };
  const pending: Visit[] = [{ value: root, key: null, parent: null }];
  for (let v = pending.pop(); v; v = pending.pop()) {
    const { value } = v;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return pathOf(v);
    } else if (Array.isArray(value)) {
      value.forEach((child, i) => pending.push({ value: child, key: String(i), parent: v }));
    } else if (value && typeof value === "object" && !ArrayBuffer.isView(value) && !("pipe" in value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes("\u0000")) return pathOf(v, key.replaceAll("\u0000", "\\u0000"));
        pending.push({ value: child, key, parent: v });
      }
    }
  }
  return null;
}
