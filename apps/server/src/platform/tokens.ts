import { SignJWT, jwtVerify } from "jose";

export type TokenClaims = { sid: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many verified tokens are remembered (a few hundred bytes each); the map is emptied when full. */
const MAX_REMEMBERED = 10_000;

/**
 * Signs and verifies bearer tokens; the token carries only the session id. The HMAC key is
 * imported into Web Crypto once: handing jose the raw bytes made it import the key again on
 * every request (about 0.27 ms a verification against 0.06 ms with the imported key).
 *
 * A till sends the same token with every request, and Web Crypto's verification is an async job
 * on the thread pool: under load it was the largest Node cost of a sale after the driver (about
 * 0.9 ms of CPU a request on the 2-core bench machine). So a token that verified is remembered
 * with its expiry: the same string, signed with the same key, verifies the same way until then.
 * Refused tokens are never remembered, and whether the session is still open is checked on every
 * request anyway (the session row).
 */
export function createTokenService(secret: string) {
  const remembered = new Map<string, { sid: string; expiresAt: number }>();
  const key = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  return {
    sign: async (claims: TokenClaims): Promise<string> =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuedAt()
        .setExpirationTime("30d")
        .sign(await key),
    verify: async (token: string): Promise<TokenClaims | null> => {
      const known = remembered.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return { sid: known.sid };
        remembered.delete(token);
        return null;
      }
      try {
        // Every token this server signs expires and names a session by its UUID; anything else
        // was not made here (or by an older, looser signer) and is not worth a database lookup.
        const { payload } = await jwtVerify(token, await key, { algorithms: ["HS256"], requiredClaims: ["exp"] });
        if (typeof payload.sid !== "string" || !UUID.test(payload.sid)) return null;
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        remembered.set(token, { sid: payload.sid, expiresAt: payload.exp! * 1000 });
        return { sid: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
