import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { DialogContent, DialogTitle } from "@mui/material";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { describeError } from "../api/errors.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { ResponsiveDialog } from "./responsive-dialog.tsx";

/**
 * A party page's edit and delete (a customer, a supplier): whether the edit dialog and the delete
 * confirmation are open, and the two actions with their toasts. The server deletes a party with
 * no history and archives one with history; a deleted party sends the user back to `listPath`.
 */
export function usePartyEditing<B>({
  update,
  remove,
  archivedText,
  listPath,
}: {
  /** Saves the form's body; resolves to the name to confirm it with. */
  update: (body: B) => Promise<{ name: string }>;
  remove: () => Promise<{ deleted: boolean; name: string }>;
  /** The toast of a party archived instead of deleted. */
  archivedText: (party: { name: string }) => string;
  listPath: string;
}) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** Resolves to the server's field errors, or nothing once saved. */
  async function save(body: B) {
    try {
      const saved = await update(body);
      toast.success(t`${saved.name} saved`);
      setEditing(false);
    } catch (err) {
      const { message, fields } = describeError(err);
      toast.error(message);
      return fields;
    }
  }
  async function archiveOrDelete() {
    try {
      const res = await remove();
      toast.success(res.deleted ? t`${res.name} deleted` : archivedText(res));
      setConfirming(false);
      if (res.deleted) void navigate(listPath, { replace: true });
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  return { editing, setEditing, confirming, setConfirming, save, archiveOrDelete };
}

/** The edit dialog (around the party's form) and the delete confirmation of a party page. */
export function PartyEditDialogs(props: {
  editing: Omit<ReturnType<typeof usePartyEditing>, "save">;
  name: string;
  /** The party's form, saving with `editing.save`. */
  form: ReactNode;
  deleteText: string;
  removing: boolean;
}) {
  const { editing } = props;
  return (
    <>
      <ResponsiveDialog open={editing.editing} onClose={() => editing.setEditing(false)} maxWidth="md">
        <DialogTitle>
          <Trans>Edit {props.name}</Trans>
        </DialogTitle>
        <DialogContent sx={{ pt: "8px !important" }}>{props.form}</DialogContent>
      </ResponsiveDialog>
      <ConfirmDialog
        open={editing.confirming}
        title={t`Delete ${props.name}?`}
        text={props.deleteText}
        confirmLabel={t`Delete`}
        busy={props.removing}
        onConfirm={() => void editing.archiveOrDelete()}
        onClose={() => editing.setConfirming(false)}
      />
    </>
  );
}
