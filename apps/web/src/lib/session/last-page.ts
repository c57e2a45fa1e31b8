import { readDevice, writeDevice } from "../device-storage.ts";

/** localStorage, per user: the last page of their menu they had open on this device (issue 20). */
const keyOf = (userId: string) => `duka.lastPage.${userId}`;

export const rememberedPage = (userId: string): string | null => readDevice<string | null>(keyOf(userId), null);

/** Kept only for a page of the user's menu (`menuPaths`), so landing there is always allowed. */
export function rememberPage(userId: string, pathname: string, menuPaths: readonly string[]): void {
  if (menuPaths.includes(pathname)) writeDevice(keyOf(userId), pathname);
}
