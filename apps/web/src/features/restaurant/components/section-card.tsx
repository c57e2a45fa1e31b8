import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Section } from "@app/shared/restaurant/section";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useDeleteSectionMutation, useDeleteTableMutation, useUpdateSectionMutation } from "../sections-api.ts";
import { NameDialog } from "./name-dialog.tsx";

type Table = Section["tables"][number];
type Editing = { kind: "section" } | { kind: "table"; table: Table };

/** One section: rename it, add, rename and remove its tables, delete it. */
export function SectionCard({ section }: { section: Section }) {
  const [update, { isLoading: saving }] = useUpdateSectionMutation();
  const [removeTable, { isLoading: removingTable }] = useDeleteTableMutation();
  const [removeSection, { isLoading: removingSection }] = useDeleteSectionMutation();
  const [newTable, setNewTable] = useState("");
  const [editing, setEditing] = useState<Editing | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Table | "section" | null>(null);

  async function save(patch: Parameters<typeof update>[0], done: string): Promise<boolean> {
    try {
      await update(patch).unwrap();
      toast.success(done);
      return true;
    } catch (err) {
      const message = describeError(err).message;
      setEditError(message);
      toast.error(message);
      return false;
    }
  }
  async function addTable() {
    const name = newTable.trim();
    if (name && (await save({ id: section._id, tables: [{ name }] }, `Table ${name} added`))) setNewTable("");
  }
  async function rename(value: string) {
    if (!editing) return;
    const ok =
      editing.kind === "section"
        ? await save({ id: section._id, name: value }, "Section renamed")
        : await save({ id: section._id, tables: [{ _id: editing.table._id, name: value }] }, "Table renamed");
    if (ok) closeEdit();
  }
  function closeEdit() {
    setEditing(null);
    setEditError(null);
  }
  async function confirmRemove() {
    try {
      if (removing === "section") await removeSection(section._id).unwrap();
      else if (removing) await removeTable({ id: section._id, tableId: removing._id }).unwrap();
      toast.success(
        removing === "section" ? t`Section ${section.name} deleted` : t`Table ${removing?.name ?? ""} removed`,
      );
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setRemoving(null);
  }

  return (
    <Card variant="outlined" data-testid={`section-${section.name}`}>
      <CardContent>
        <Typography variant="h6">{section.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {section.tables.length} {section.tables.length === 1 ? "table" : "tables"}
        </Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 2, minHeight: 32 }}>
          {section.tables.length === 0 && (
            <Typography color="text.secondary" variant="body2">
              <Trans>No tables yet.</Trans>
            </Typography>
          )}
          {section.tables.map((table) => (
            <Tooltip key={table._id} title={t`Click to rename`}>
              <Chip
                label={table.name}
                onClick={() => setEditing({ kind: "table", table })}
                onDelete={() => setRemoving(table)}
                slotProps={{ root: { "aria-label": t`Table ${table.name}` } }}
              />
            </Tooltip>
          ))}
        </Box>
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            label={t`New table`}
            value={newTable}
            onChange={(e) => setNewTable(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && void addTable()}
            slotProps={{ htmlInput: { maxLength: 60, "aria-label": `New table in ${section.name}` } }}
          />
          <Button startIcon={<AddIcon />} onClick={() => void addTable()} disabled={!newTable.trim() || saving}>
            <Trans>Add</Trans>
          </Button>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button size="small" onClick={() => setEditing({ kind: "section" })}>
          <Trans>Rename</Trans>
        </Button>
        <Button size="small" color="error" onClick={() => setRemoving("section")}>
          <Trans>Delete section</Trans>
        </Button>
      </CardActions>
      {editing && (
        <NameDialog
          title={editing.kind === "section" ? t`Rename ${section.name}` : t`Rename table ${editing.table.name}`}
          label={editing.kind === "section" ? t`Section name` : t`Table name`}
          initial={editing.kind === "section" ? section.name : editing.table.name}
          confirmLabel={t`Save`}
          busy={saving}
          error={editError}
          onSave={(v) => void rename(v)}
          onClose={closeEdit}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing === "section" ? t`Delete section ${section.name}?` : t`Remove table ${removing?.name ?? ""}?`}
        text={
          removing === "section"
            ? t`The section and its ${section.tables.length} tables are deleted. Sales made at them keep the names.`
            : t`The table is removed from this section. Sales made at it keep its name.`
        }
        confirmLabel={removing === "section" ? t`Delete section` : t`Remove table`}
        busy={removingSection || removingTable}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
