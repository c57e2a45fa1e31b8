import { type Actor, type BusinessContext } from "./areas.ts";
export type MenuLink = {
    label: string;
    path: string;
};
export type MenuEntry = {
    key: string;
    label: string;
    /** Where the entry goes; a group has children instead. */
    path?: string;
    children?: MenuLink[];
    /** Logout is an action, not a route. */
    action?: "logout";
};
/** The settings page differs for non-admins: /settingEmployee/{id}. */
export declare function settingsPath(actor: Actor & {
    details: {
        _id: string;
    };
}): string;
/** The sidebar entries this user sees for this business (spec sections 2, 4 and 6). */
export declare function buildMenu(actor: Actor & {
    details: {
        _id: string;
    };
}, business: BusinessContext): MenuEntry[];
/** Where a user lands after signing in: the first page their menu offers. */
export declare function landingPath(actor: Actor & {
    details: {
        _id: string;
    };
}, business: BusinessContext): string;
