import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { usePart, type Part } from "../lib/lazy-part.tsx";
import { ResponsiveDialog } from "./responsive-dialog.tsx";

/**
 * A dialog whose code loads on demand (lib/lazy-part.tsx). Once loaded it renders `children`
 * (which then owns `open`); before, an open dialog shows that it is loading, or, when the code
 * could not be fetched (offline before it ever loaded), says so plainly with Try again. Nothing
 * around it is lost: the page under it, a till's ticket included, stays as it was.
 */
export function PartDialog<M>({
  part,
  open,
  title,
  onClose,
  children,
}: {
  part: Part<M>;
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: (module: M) => ReactNode;
}) {
  const { module, failed, retry } = usePart(part, open);
  if (module) return children(module);
  if (!open) return null;
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs" aria-labelledby="part-dialog-title">
      <DialogTitle id="part-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {failed ? <PartNeedsNetwork /> : <LinearProgress aria-label={t`Loading`} data-testid="part-loading" />}
      </DialogContent>
      <DialogActions>
        {failed && (
          <Button variant="contained" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        )}
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

/** What a part that could not load says (inside the page: the page and its data stay). */
export function PartNeedsNetwork() {
  return (
    <Alert severity="warning" data-testid="part-needs-network">
      <Typography variant="subtitle2" component="p">
        <Trans>This part needs the network once</Trans>
      </Typography>
      <Trans>
        It has not been loaded on this device yet. Connect to the internet, then try again. Nothing you entered is lost.
      </Trans>
    </Alert>
  );
}
