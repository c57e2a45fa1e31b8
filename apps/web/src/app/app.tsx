import { CssBaseline } from "@mui/material";
import { ThemeProvider } from "@mui/system";
import { useEffect, useState } from "react";
import { Provider } from "react-redux";
import { BrowserRouter } from "react-router";
import { setAccountInactiveHandler, setSessionEndedHandler } from "../api/api-events.ts";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { loggedOut } from "../lib/session/session-slice.ts";
import { loadEncrypted } from "../lib/encrypted-storage.ts";
import { activatePublicLanguage, savedLanguage, useLanguage, type Language } from "../lib/i18n/public-i18n.ts";
import { themeFor } from "../lib/i18n/mui-locale.ts";
import { AppRoutes } from "./app-routes.tsx";
import { preloadSignedInApp } from "./signed-in-app.tsx";
import { createStore, restorable, type AppStore, type PersistedState } from "./store.ts";
import { ToastHost } from "./toast-host.tsx";

/**
 * The app's theme, without CSS variables. @mui/material's ThemeProvider hands such a theme (no
 * colorSchemes) to @mui/system's with `vars: null`, as here, but it also brings the CSS-variables
 * provider (3 KB gzip of the sign-in page's first load), which this app never uses.
 */
const THEME_OPTIONS = {
  // WCAG 2.2 AA in one place (issue 33 item 2): every colour that text or a filled chip or
  // button uses reads at 4.5:1 or more against white and its own light alert background (MUI's
  // orange and light blue read at 3.1 and 3.9: secondary, warning and info are darker shades).
  palette: {
    primary: { main: "#1b5e20" },
    secondary: { main: "#c2410c" },
    warning: { main: "#b45309" },
    info: { main: "#0277bd" },
  },
  shape: { borderRadius: 8 },
  components: {
    // A visible focus everywhere: whatever takes the keyboard's focus (buttons, menu links,
    // chips, tabs, cards that are buttons) shows a ring, not only a faint ripple.
    MuiButtonBase: {
      styleOverrides: {
        root: {
          "&.Mui-focusVisible": { outline: "3px solid #0b57d0", outlineOffset: 2 },
        },
      },
    },
    MuiLink: {
      styleOverrides: {
        root: { "&:focus-visible": { outline: "3px solid #0b57d0", outlineOffset: 2 } },
      },
    },
  },
};
/** One theme per language: MUI's own texts (pagers, grids, pickers) in that language (mui-locale.ts). */
const makeTheme = (language: Language) => ({ ...themeFor(language, THEME_OPTIONS), vars: null });
const themes = new Map<Language, ReturnType<typeof makeTheme>>();
function themeOf(language: Language) {
  let theme = themes.get(language);
  if (!theme) {
    theme = makeTheme(language);
    themes.set(language, theme);
  }
  return theme;
}
/** Spec section 9: the loading screen shows for 1 second on start. */
export const LOADING_SCREEN_MS = 1000;

/**
 * Restores the encrypted session, shows the loading screen for at least a second, then the app;
 * the restored business data is then fetched again, as the account may have been switched off.
 */
export function App() {
  const [store, setStore] = useState<AppStore | null>(null);
  const language = useLanguage();
  useEffect(() => {
    const restored = loadEncrypted<PersistedState>();
    // A saved session opens a signed-in page: its code loads during the loading screen.
    void restored.then((state) => {
      if (state?.session.user) preloadSignedInApp();
    });
    const minimum = new Promise((r) => setTimeout(r, LOADING_SCREEN_MS));
    // The public pages' texts in the device's language load during the loading screen too.
    const language = activatePublicLanguage(savedLanguage());
    void Promise.all([restored, minimum, language]).then(([state]) => {
      const created = createStore(restorable(state) ?? undefined);
      // Signed out, the access guard sends the user to the sign-in page of the device's access key.
      setSessionEndedHandler(() => created.dispatch(loggedOut()));
      // The refresh uses RTK Query, which loads with the signed-in app: at once for a restored
      // session; otherwise with the first call, which is the only thing that can answer ACCOUNT_INACTIVE.
      const refresh = () => import("../features/businesses/refresh-businesses.ts");
      if (created.getState().session.user) void refresh().then((m) => m.keepBusinessDataFresh(created));
      else setAccountInactiveHandler(() => void refresh().then((m) => m.refreshBusinesses(created)));
      setStore(created);
    });
  }, []);
  return (
    <ThemeProvider theme={themeOf(language)}>
      <CssBaseline />
      {store ? (
        <Provider store={store}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <ToastHost />
        </Provider>
      ) : (
        <LoadingScreen />
      )}
    </ThemeProvider>
  );
}
