import "react-toastify/dist/ReactToastify.css";
/** Spec section 9: the loading screen shows for 1 second on start. */
export declare const LOADING_SCREEN_MS = 1000;
/** Restores the encrypted session, shows the loading screen for at least a second, then the app. */
export declare function App(): import("react").JSX.Element;
