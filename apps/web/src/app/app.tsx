import { CssBaseline, ThemeProvider, createTheme } from "@mui/material";
import { useEffect, useState } from "react";
import { Provider } from "react-redux";
import { RouterProvider } from "react-router";
import { Bounce, ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { setSessionEndedHandler } from "../api/base-api.ts";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { loggedOut } from "../features/auth/session-slice.ts";
import { loadEncrypted } from "../lib/encrypted-storage.ts";
import { preloadTillCatalog } from "./preload-till.ts";
import { router } from "./router.tsx";
import { createStore, type AppStore, type PersistedState } from "./store.ts";

const theme = createTheme({ palette: { primary: { main: "#1b5e20" }, secondary: { main: "#ef6c00" } }, shape: { borderRadius: 8 } });
/** Spec section 9: the loading screen shows for 1 second on start. */
export const LOADING_SCREEN_MS = 1000;

/** Restores the encrypted session, shows the loading screen for at least a second, then the app. */
export function App() {
  const [store, setStore] = useState<AppStore | null>(null);
  useEffect(() => {
    const restored = loadEncrypted<PersistedState>();
    const minimum = new Promise((r) => setTimeout(r, LOADING_SCREEN_MS));
    void Promise.all([restored, minimum]).then(([state]) => {
      const created = createStore(state ?? undefined);
      setSessionEndedHandler(() => {
        created.dispatch(loggedOut());
        void router.navigate(created.getState().accessKey.key?.type === "normalKey" ? "/normalaccounts" : "/adminaccounts", { replace: true });
      });
      let lastKey: string | null = null;
      const preload = ({ location }: { location: { key: string; pathname: string } }) => {
        if (location.key === lastKey) return; // router state also changes without a navigation
        lastKey = location.key;
        preloadTillCatalog(location.pathname, created);
      };
      preload(router.state);
      router.subscribe(preload);
      setStore(created);
    });
  }, []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {store ? (
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      ) : (
        <LoadingScreen />
      )}
      <ToastContainer
        position="top-right"
        autoClose={5000}
        closeButton
        pauseOnHover
        pauseOnFocusLoss
        draggable
        draggablePercent={80}
        role="alert"
        theme="light"
        transition={Bounce}
        stacked={false}
        style={{ "--toastify-toast-offset": "16px", gap: 12 } as React.CSSProperties}
      />
    </ThemeProvider>
  );
}
