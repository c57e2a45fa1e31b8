/** A payment provider refused a call, failed, or could not be reached; the message is fit for people. */
export class ProviderError extends Error {}

/** A bearer token kept until shortly before it expires. */
export class CachedToken {
  private value: string | null = null;
  private expiresAt = 0;
  constructor(private readonly fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>) {}

  async get(): Promise<string> {
    if (this.value && Date.now() < this.expiresAt) return this.value;
    const { token, expiresInSeconds } = await this.fetchToken();
    this.value = token;
    // A minute early, so a token never expires between our check and the provider's.
    this.expiresAt = Date.now() + Math.max(0, expiresInSeconds - 60) * 1000;
    return token;
  }

  clear(): void {
    this.value = null;
  }
}

const TIMEOUT_MS = 15_000;

/** fetch with a timeout; network failures become a ProviderError naming the provider. */
export async function providerFetch(provider: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const why = err instanceof Error && err.name === "TimeoutError" ? "did not answer in time" : "could not be reached";
    throw new ProviderError(`${provider} ${why}. Please try again.`);
  }
}

/** The JSON body of a response, or {} when it has none. */
export async function jsonOf(res: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
