/**
 * Small per-device preferences in localStorage (what the low-stock toasts showed today, the last
 * page opened). Nothing secret: the session itself is kept encrypted (encrypted-storage.ts).
 * Storage may be full or switched off; then nothing is remembered, and nothing fails.
 */
export function readDevice<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeDevice(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered on this device.
  }
}

/** The device's calendar day, "yyyy-mm-dd". */
export function deviceToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
