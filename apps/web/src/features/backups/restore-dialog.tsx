import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { RESTORE_CONFIRMATION, type RestorePlanView } from "@app/shared/backups/backup-status";
import { baseApi } from "../../api/base-api.ts";
import { describeError } from "../../api/errors.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { ResponsiveDialog } from "../../components/responsive-dialog.tsx";
import { pathTo } from "../../lib/paths.ts";
import { accessKeyReset } from "../../lib/session/access-key-slice.ts";
import { businessReset } from "../../lib/session/business-slice.ts";
import { loggedOut } from "../../lib/session/session-slice.ts";
import {
  formatBackupTime,
  formatBytes,
  useGetRestorePlanMutation,
  useListBackupsQuery,
  useRestoreBackupMutation,
} from "./backups-api.ts";

function PlanTable({ plan }: { plan: RestorePlanView }) {
  return (
    <Table size="small" data-testid="restore-plan">
      <TableHead>
        <TableRow>
          <TableCell>
            <Trans>Records</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>Now</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>In the backup</Trans>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {plan.tables.map((row) => (
          <TableRow key={row.name}>
            <TableCell sx={{ wordBreak: "break-word" }}>{row.name.replace(/_/g, " ")}</TableCell>
            <TableCell align="right">{row.now}</TableCell>
            <TableCell align="right">{row.backup}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell>
            <Trans>uploaded files</Trans>
          </TableCell>
          <TableCell align="right">{plan.files.now}</TableCell>
          <TableCell align="right">{plan.files.backup}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** Restore from Settings: pick a backup, see what it replaces, type RESTORE; everyone signs in again. */
export function RestoreDialog(props: { open: boolean; onClose: () => void; businessId: string; timeZone: string }) {
  const { businessId, timeZone } = props;
  const list = useListBackupsQuery(businessId, { skip: !props.open, refetchOnMountOrArgChange: true });
  const [name, setName] = useState("");
  const [typed, setTyped] = useState("");
  const [getPlan, planState] = useGetRestorePlanMutation();
  const [restore, restoreState] = useRestoreBackupMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const plan = planState.data && planState.originalArgs?.name === name ? planState.data : null;

  async function doRestore() {
    try {
      await restore({ businessId, name, confirm: typed }).unwrap();
      toast.success(t`The backup was restored. Sign in again.`);
      dispatch(loggedOut());
      dispatch(baseApi.util.resetApiState());
      dispatch(accessKeyReset());
      dispatch(businessReset());
      navigate(pathTo("/access"), { replace: true });
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }

  return (
    <ResponsiveDialog open={props.open} onClose={props.onClose}>
      <DialogTitle>
        <Trans>Restore a backup</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {list.isLoading && <Skeleton variant="rectangular" height={56} aria-label={t`Loading`} />}
          {list.isError && <Alert severity="error">{describeError(list.error).message}</Alert>}
          {list.data?.length === 0 && (
            <Alert severity="info">
              <Trans>There is no backup to restore yet.</Trans>
            </Alert>
          )}
          {!!list.data?.length && (
            <TextField
              select
              label={t`Backup`}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setTyped("");
                void getPlan({ businessId, name: e.target.value });
              }}
            >
              {list.data.map((b) => (
                <MenuItem key={b.name} value={b.name}>
                  {formatBackupTime(b.at, timeZone)} ({formatBytes(b.bytes)})
                </MenuItem>
              ))}
            </TextField>
          )}
          {name && planState.isLoading && <Skeleton variant="rectangular" height={120} />}
          {name && planState.isError && <Alert severity="error">{describeError(planState.error).message}</Alert>}
          {plan && (
            <>
              <Alert severity="warning">
                <Trans>
                  Restoring replaces ALL data of every business on this installation with the backup's, taken at{" "}
                  {formatBackupTime(plan.backupTakenAt, timeZone)}. Everything recorded since is lost, and everyone
                  signs in again.
                </Trans>
              </Alert>
              <PlanTable plan={plan} />
              <Typography>
                <Trans>Type {RESTORE_CONFIRMATION} to confirm.</Trans>
              </Typography>
              <TextField
                label={t`Confirmation`}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                slotProps={{ htmlInput: { "data-testid": "restore-confirm" } }}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={!plan || typed !== RESTORE_CONFIRMATION || restoreState.isLoading}
          onClick={() => void doRestore()}
        >
          <Trans>Restore</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
