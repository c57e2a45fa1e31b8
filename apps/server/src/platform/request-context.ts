import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";

/**
 * The request being handled, carried through every await of its handling (AsyncLocalStorage), so
 * that code deep in a service, e.g. a job queued after a commit (platform/jobs.ts), knows which
 * request it works for without each call passing it along. Only the request id: nothing personal.
 */
const store = new AsyncLocalStorage<{ reqId: string }>();

/** The id of the request whose handling this code runs in (its log lines' reqId), or null outside one. */
export const currentRequestId = (): string | null => store.getStore()?.reqId ?? null;

/** Runs `fn` as part of the request `reqId` (the hook below; a job run for a request; tests). */
export const withRequestId = <T>(reqId: string, fn: () => T): T => store.run({ reqId }, fn);

/** Every request's hooks and handler run with its id in the context (the first hook, before access checks). */
export function carryRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", (req, _reply, done) => withRequestId(req.id, done));
}
