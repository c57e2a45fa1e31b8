import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { SectionCard } from "../components/section-card.tsx";
import { tableNamesOf, useCreateSectionMutation, useListSectionsQuery } from "../sections-api.ts";

function NewSectionDialog({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const [create, { isLoading }] = useCreateSectionMutation();
  const [name, setName] = useState("");
  const [tables, setTables] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function save() {
    try {
      const section = await create({
        businessId,
        name: name.trim(),
        tables: tableNamesOf(tables).map((t) => ({ name: t })),
      }).unwrap();
      toast.success(t`Section ${section.name} created`);
      onClose();
    } catch (err) {
      setError(describeError(err).message);
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        <Trans>New section</Trans>
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t`Section name`}
            placeholder={t`Terrace`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <TextField
            label={t`Tables`}
            placeholder={t`T1, T2, T3`}
            helperText={t`Separate the names with commas or new lines; tables can be added later too.`}
            multiline
            minRows={2}
            value={tables}
            onChange={(e) => setTables(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!name.trim() || isLoading}>
          <Trans>Create</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

/** /section: the restaurant's sections and their tables, laid out by the owner. */
export default function SectionsPage() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const [creating, setCreating] = useState(false);
  const {
    data = [],
    isLoading,
    isError,
    error,
    refetch,
  } = useListSectionsQuery(business?._id ?? "", { skip: !business || !user?.isAdmin });
  if (!user?.isAdmin) {
    return (
      <>
        <PageHeader title={t`Sections`} />
        <Alert severity="info">
          <Trans>Only the business owner lays out sections and tables.</Trans>
        </Alert>
      </>
    );
  }
  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={!business}>
      <Trans>New section</Trans>
    </Button>
  );
  return (
    <>
      <PageHeader title={t`Sections`} subtitle={t`Restaurant sections and their tables`} actions={newButton} />
      {isLoading && <FullPageSpinner />}
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The sections could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      {!isLoading && !isError && data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography variant="h6">
            <Trans>No sections yet</Trans>
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            <Trans>
              Add a section (a floor, the terrace) with its tables; the tills then choose a table for each ticket.
            </Trans>
          </Typography>
          {newButton}
        </Paper>
      )}
      <Grid container spacing={2}>
        {data.map((s) => (
          <Grid key={s._id} size={{ xs: 12, md: 6, lg: 4 }}>
            <SectionCard section={s} />
          </Grid>
        ))}
      </Grid>
      <Box sx={{ height: 16 }} />
      {creating && business && <NewSectionDialog businessId={business._id} onClose={() => setCreating(false)} />}
    </>
  );
}
