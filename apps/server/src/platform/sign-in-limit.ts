import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { AppError } from "./errors.ts";

/**
 * Sign-in attempts one address may make per minute, as a multiple of the per-username limit:
 * enough for a shop's staff behind one router, too few to try passwords across many usernames.
 */
export const LOGIN_ATTEMPTS_PER_ADDRESS_FACTOR = 5;

/**
 * The limits every sign-in route shares (owners' and support's in accounts, staff's and the till
 * PIN switch in hr): `rateLimit` per address and username (the rate-limit plugin's key), and
 * `perAddress`, over all of them together. Made once (app.ts) and passed to both: each limiter
 * the rate-limit plugin creates keeps its own count.
 */
export type SignInLimits = ReturnType<typeof signInLimits>;
export function signInLimits(app: FastifyInstance, loginRateLimit: number) {
  const rateLimit = { max: loginRateLimit, timeWindow: "1 minute" };
  const addressLimit = app.createRateLimit({
    max: loginRateLimit * LOGIN_ATTEMPTS_PER_ADDRESS_FACTOR,
    timeWindow: "1 minute",
    keyGenerator: (req) => `sign-in|${req.ip}`,
  });
  const perAddress: preHandlerAsyncHookHandler = async (req) => {
    const limit = await addressLimit(req);
    // The same answer as the per-username limit (errors.ts), so neither limit can be told apart.
    if (!limit.isAllowed && limit.isExceeded)
      throw new AppError(ERROR_CODES.RATE_LIMITED, "Too many attempts. Please wait a minute and try again.");
  };
  return { rateLimit, perAddress };
}
