import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Returns the secret stored in DATA_DIR/<name>, creating it once with random bytes.
 * The file is written exclusively (flag "wx") so two processes starting together agree.
 */
export async function readOrCreateSecret(dataDir: string, name: string, bytes = 48): Promise<string> {
  const file = path.join(dataDir, name);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(bytes).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const secret = (await readFile(file, "utf8")).trim();
  if (secret.length < 32) throw new Error(`The secret in ${file} is too short; delete it to have a new one made`);
  return secret;
}
