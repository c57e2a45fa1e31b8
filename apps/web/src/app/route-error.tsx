import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Typography } from "@mui/material";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { CLIENT_ERRORS_PATH, clientErrorOf } from "@app/shared/health/client-error-report";
import { isLoadFailure, retryFailedLazies } from "../lib/lazy-part.tsx";
import { newUuid } from "../lib/idempotency-key.ts";

/** A short id for an error: shown on the error page and logged with the error, so support can find it. */
export function newErrorId(): string {
  return newUuid().replaceAll("-", "").slice(0, 8).toUpperCase();
}

/** Logs an error of the page under its id: in the browser's console, and in the server's log when it can be reached. */
export function logError(id: string, error: unknown, path: string, componentStack?: string | null): void {
  console.error(`Error ${id}`, error, componentStack ?? "");
  const body = JSON.stringify(clientErrorOf(id, error, path));
  try {
    navigator.sendBeacon?.(CLIENT_ERRORS_PATH, new Blob([body], { type: "application/json" }));
  } catch {
    // offline or refused: the console has it
  }
}

/**
 * The app's error page (spec section 2: "Unexpected Application Error!"), in place of a page that
 * failed: what happened in plain words, the error's id, and ways on (try again, back, the start).
 * The menu and the rest of the app stay around it.
 */
export function RouteError({ error, errorId, onRetry }: { error: unknown; errorId: string; onRetry: () => void }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return (
    <Box
      role="alert"
      data-testid="route-error"
      sx={{ p: { xs: 3, sm: 6 }, textAlign: "center", maxWidth: 620, mx: "auto" }}
    >
      <Typography variant="h5" component="h1">
        <Trans>Unexpected Application Error!</Trans>
      </Typography>
      <Typography sx={{ mt: 2 }}>
        {isLoadFailure(error) ? (
          <Trans>
            This page needs the network once: it has not been loaded on this device yet. Connect to the internet, then
            try again.
          </Trans>
        ) : (
          <Trans>Something went wrong on this page. What you saved before is kept. Try again, or go back.</Trans>
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="error-id">
        {t`Error id: ${errorId}`}
      </Typography>
      <Box sx={{ mt: 3, display: "flex", gap: 1, justifyContent: "center", flexWrap: "wrap" }}>
        <Button variant="contained" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
        {key !== "default" && (
          <Button variant="outlined" onClick={() => void navigate(-1)}>
            <Trans>Go back</Trans>
          </Button>
        )}
        <Button component={Link} to="/">
          <Trans>Back to the start</Trans>
        </Button>
      </Box>
    </Box>
  );
}

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { error: unknown; errorId: string | null; pathname: string };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, errorId: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, errorId: newErrorId() };
  }

  /** Another page clears the error. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, errorId: null, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    logError(this.state.errorId ?? "unknown", error, this.props.pathname, info.componentStack);
  }

  private readonly retry = () => {
    retryFailedLazies();
    this.setState({ error: null, errorId: null });
  };

  override render() {
    return this.state.errorId ? (
      <RouteError error={this.state.error} errorId={this.state.errorId} onRetry={this.retry} />
    ) : (
      this.props.children
    );
  }
}

/**
 * Shows RouteError in place of what throws under it while rendering (a page that fails to load
 * included). Around every page inside the app's layout (app-layout.tsx), so the menu stays, and
 * around the whole route table (app-routes.tsx) for the public pages and the layout itself.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
