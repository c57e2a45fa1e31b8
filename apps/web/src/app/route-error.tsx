import { Box, Button, Typography } from "@mui/material";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";

/** The fallback for unexpected routing errors (spec section 2). */
export function RouteError() {
  return (
    <Box sx={{ p: 6, textAlign: "center" }}>
      <Typography variant="h5" component="h1">
        Unexpected Application Error!
      </Typography>
      <Button sx={{ mt: 2 }} href="/">
        Back to the start
      </Button>
    </Box>
  );
}

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { failed: boolean; pathname: string };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  /** Another page clears the error, as a data router's errorElement did. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Shows RouteError in place of a route that throws while rendering (a page that fails to load included). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
