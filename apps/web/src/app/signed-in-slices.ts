import { notificationsSlice } from "../features/notifications/notifications-slice.ts";
import { tillSlice } from "../features/pos/pos-slice.ts";
import { attachSlice } from "./store.ts";

/**
 * The state only signed-in pages use (the bell's notifications, the till's tickets) joins the
 * store with the signed-in app, keeping it out of the public pages' first load.
 */
export function attachSignedInSlices(): void {
  attachSlice(notificationsSlice);
  attachSlice(tillSlice);
}
