import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { loggedOut } from "../../lib/session/session-slice.ts";
import { sortByPriority, type Notification } from "@app/shared/inventory/low-stock";

/** Notifications of every business the device has seen; views filter by the current business. */
export type NotificationsState = { items: Notification[]; panelOpen: boolean };
const initialState: NotificationsState = { items: [], panelOpen: false };

export const notificationsSlice = createSlice({
  name: "notifications",
  initialState,
  reducers: {
    notificationsReplaced: (s, a: PayloadAction<Notification[]>) => {
      s.items = sortByPriority(a.payload);
    },
    /** The latest low-stock list of one business replaces its earlier one. */
    lowStockReplaced: (s, a: PayloadAction<{ businessId: string; items: Notification[] }>) => {
      const others = s.items.filter((n) => !(n.businessId === a.payload.businessId && n.id.startsWith("low-stock:")));
      s.items = sortByPriority([...others, ...a.payload.items]);
    },
    /** The latest list of one business's unsettled offline stock shortfalls replaces its earlier one. */
    shortfallsReplaced: (s, a: PayloadAction<{ businessId: string; items: Notification[] }>) => {
      const others = s.items.filter((n) => !(n.businessId === a.payload.businessId && n.id.startsWith("shortfall:")));
      s.items = sortByPriority([...others, ...a.payload.items]);
    },
    notificationAdded: (s, a: PayloadAction<Notification>) => {
      s.items = sortByPriority([...s.items.filter((n) => n.id !== a.payload.id), a.payload]);
    },
    notificationRemoved: (s, a: PayloadAction<string>) => {
      s.items = s.items.filter((n) => n.id !== a.payload);
    },
    panelToggled: (s, a: PayloadAction<boolean | undefined>) => {
      s.panelOpen = a.payload ?? !s.panelOpen;
    },
    notificationsCleared: () => initialState,
  },
  // Signing out clears them: the next user of the device starts with their own.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});
export const {
  notificationsReplaced,
  lowStockReplaced,
  shortfallsReplaced,
  notificationAdded,
  notificationRemoved,
  panelToggled,
  notificationsCleared,
} = notificationsSlice.actions;

/** Only the current business's notifications are ever shown (spec section 2). */
export const notificationsOf = (items: readonly Notification[], businessId: string | undefined) =>
  businessId ? items.filter((n) => n.businessId === businessId) : [];
