import type {
  AccessKey,
  AccessKeyInput,
  AdminLoginInput,
  EmployeeLoginInput,
  RegisterBusinessInput,
  Session,
} from "@app/shared/accounts/auth";
import type { Business } from "@app/shared/businesses/business";

/**
 * A failed call, shaped as RTK Query reports one ({ status, data }), so describeError and the
 * pages read both alike: status is the HTTP status, or "FETCH_ERROR" / "PARSING_ERROR".
 */
export class CallError extends Error {
  readonly status: number | "FETCH_ERROR" | "PARSING_ERROR";
  readonly data: unknown;
  constructor(status: CallError["status"], data?: unknown, options?: ErrorOptions) {
    super(`call failed: ${status}`, options);
    this.status = status;
    this.data = data;
  }
}

/**
 * The public pages' calls (pairing, registration, sign-in) are plain fetches, not RTK Query
 * endpoints: these pages are a new visitor's first load, RTK Query is 15 KB gzip of it, and
 * nothing here is cached. They need no token.
 */
async function post<T>(url: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new CallError("FETCH_ERROR", undefined, { cause: err });
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw new CallError("PARSING_ERROR", text);
  }
  if (!res.ok) throw new CallError(res.status, data);
  return data as T;
}

export const registerBusiness = (body: RegisterBusinessInput) =>
  post<Session & { business: Business }>("/businesses/register", body);
export const adminLogin = (body: AdminLoginInput) => post<Session>("/adminAuth/login", body);
export const employeeLogin = (body: EmployeeLoginInput) => post<Session>("/employeesAuth/login", body);
export const requestAccessKey = (body: AccessKeyInput) => post<AccessKey>("/accessKeys", body);
