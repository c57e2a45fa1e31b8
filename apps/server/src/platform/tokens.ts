import { SignJWT, jwtVerify } from "jose";

export type TokenClaims = { sid: string };

/** Signs and verifies bearer tokens; the token carries only the session id. */
export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims: TokenClaims): Promise<string> =>
      new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("30d").sign(key),
    verify: async (token: string): Promise<TokenClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        return typeof payload.sid === "string" ? { sid: payload.sid } : null;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
