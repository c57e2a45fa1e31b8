import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Encrypts small secrets kept in the database (a business's M-Pesa credentials) with AES-256-GCM.
 * The key comes from CREDENTIALS_KEY or DATA_DIR/credentials-key (made once, like the JWT secret):
 * a copy of the database alone reveals nothing. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url).
 * `context` (e.g. the business id) is bound as associated data, so a box moved to another row fails.
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(secret: string) {
    if (secret.length < 32) throw new Error("The credentials key must be at least 32 characters");
    this.key = createHash("sha256").update(`secret-box:${secret}`).digest();
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Not a sealed secret");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  }
}
