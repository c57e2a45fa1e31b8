import { providerCalls } from "./metrics.ts";

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
  const timer = providerCalls.startTimer({ provider });
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    timer({ outcome: res.ok ? "ok" : res.status >= 500 ? "http_5xx" : "http_4xx" });
    return res;
  } catch (err) {
    const timedOut = err instanceof Error && err.name === "TimeoutError";
    timer({ outcome: timedOut ? "timeout" : "unreachable" });
    throw new ProviderError(
      `${provider} ${timedOut ? "did not answer in time" : "could not be reached"}. Please try again.`,
    );
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
