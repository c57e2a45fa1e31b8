import type { OnlineRequestInput, PublicAvailability } from "@app/shared/rooms/online-booking";

/**
 * The public booking page's two calls: plain fetches (no sign-in, no RTK Query). A failure is
 * thrown as { status, data }, the shape describeError reads.
 */
async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${url}`, init);
  } catch {
    throw { status: "FETCH_ERROR", data: undefined };
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw { status: res.status, data };
  return data as T;
}

/** The hotel's room types and, for dates, how many rooms of each are free. */
export const fetchAvailability = (code: string, stay?: { checkIn: string; checkOut: string }) =>
  call<PublicAvailability>(
    `/public/booking/${encodeURIComponent(code)}${stay ? `?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}` : ""}`,
  );

/** Sends a guest's request; the hotel confirms or declines it. */
export const sendRequest = (
  code: string,
  body: Omit<OnlineRequestInput, "guests" | "message"> & Partial<OnlineRequestInput>,
) =>
  call<{ status: "pending"; roomType: string; checkIn: string; checkOut: string }>(
    `/public/booking/${encodeURIComponent(code)}/requests`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
