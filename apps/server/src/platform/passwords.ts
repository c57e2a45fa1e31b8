import { hash, verify } from "@node-rs/argon2";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { AppError } from "./errors.ts";

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, so not importable here).
const ARGON2ID = 2;

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Checked when the user is unknown, so a wrong username takes as long as a wrong password.
const DUMMY_HASH = hash("not-a-real-password", OPTIONS);

/** Verifies a password against a stored hash (or a dummy one, to keep timing even). */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  try {
    return (await verify(storedHash ?? (await DUMMY_HASH), password)) && storedHash !== null;
  } catch {
    return false;
  }
}

/** One answer for every failed sign-in (owners' and staff's), so it never tells which part was wrong. */
export const invalidCredentials = () => new AppError(ERROR_CODES.INVALID_CREDENTIALS, "Wrong username or password");
