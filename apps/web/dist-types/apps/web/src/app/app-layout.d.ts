/** The signed-in frame: app bar (toggle, business, bell, user) and the sidebar. */
export declare function AppLayout(): import("react").JSX.Element;
