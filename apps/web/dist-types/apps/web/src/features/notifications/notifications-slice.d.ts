import { type PayloadAction } from "@reduxjs/toolkit";
import { type Notification } from "@app/shared/inventory/low-stock";
/** Notifications of every business the device has seen; views filter by the current business. */
export type NotificationsState = {
    items: Notification[];
    panelOpen: boolean;
};
export declare const notificationsSlice: import("@reduxjs/toolkit").Slice<NotificationsState, {
    notificationsReplaced: (s: {
        items: {
            id: string;
            message: string;
            type: string;
            businessId: string;
            priority: number;
        }[];
        panelOpen: boolean;
    }, a: PayloadAction<Notification[]>) => void;
    /** The latest low-stock list of one business replaces its earlier one. */
    lowStockReplaced: (s: {
        items: {
            id: string;
            message: string;
            type: string;
            businessId: string;
            priority: number;
        }[];
        panelOpen: boolean;
    }, a: PayloadAction<{
        businessId: string;
        items: Notification[];
    }>) => void;
    notificationAdded: (s: {
        items: {
            id: string;
            message: string;
            type: string;
            businessId: string;
            priority: number;
        }[];
        panelOpen: boolean;
    }, a: PayloadAction<Notification>) => void;
    notificationRemoved: (s: {
        items: {
            id: string;
            message: string;
            type: string;
            businessId: string;
            priority: number;
        }[];
        panelOpen: boolean;
    }, a: PayloadAction<string>) => void;
    panelToggled: (s: {
        items: {
            id: string;
            message: string;
            type: string;
            businessId: string;
            priority: number;
        }[];
        panelOpen: boolean;
    }, a: PayloadAction<boolean | undefined>) => void;
    notificationsCleared: () => NotificationsState;
}, "notifications", "notifications", import("@reduxjs/toolkit").SliceSelectors<NotificationsState>>;
export declare const notificationsReplaced: import("@reduxjs/toolkit").ActionCreatorWithPayload<Notification[], "notifications/notificationsReplaced">, lowStockReplaced: import("@reduxjs/toolkit").ActionCreatorWithPayload<{
    businessId: string;
    items: Notification[];
}, "notifications/lowStockReplaced">, notificationAdded: import("@reduxjs/toolkit").ActionCreatorWithPayload<Notification, "notifications/notificationAdded">, notificationRemoved: import("@reduxjs/toolkit").ActionCreatorWithPayload<string, "notifications/notificationRemoved">, panelToggled: import("@reduxjs/toolkit").ActionCreatorWithOptionalPayload<boolean | undefined, "notifications/panelToggled">, notificationsCleared: import("@reduxjs/toolkit").ActionCreatorWithoutPayload<"notifications/notificationsCleared">;
/** Only the current business's notifications are ever shown (spec section 2). */
export declare const notificationsOf: (items: readonly Notification[], businessId: string | undefined) => Notification[];
