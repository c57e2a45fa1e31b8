import { t } from "@lingui/core/macro";
import { useState, type ReactNode } from "react";
import { toast } from "react-toastify";
import type { Category, Subcategory } from "@app/shared/inventory/category";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import {
  useCreateSubcategoryMutation,
  useDeleteCategoryMutation,
  useDeleteSubcategoryMutation,
  useRenameCategoryMutation,
  useRenameSubcategoryMutation,
} from "../api/categories-api.ts";
import { NameDialog } from "./name-dialog.tsx";

type Open =
  | { kind: "rename"; category: Category }
  | { kind: "delete"; category: Category }
  | { kind: "addSub"; category: Category }
  | { kind: "renameSub"; category: Category; sub: Subcategory }
  | { kind: "deleteSub"; category: Category; sub: Subcategory }
  | null;

/** The dialogs of category and subcategory changes (rename, add, delete with confirmation), shared by both category pages. */
export function useCategoryActions(afterDelete?: () => void) {
  const [open, setOpen] = useState<Open>(null);
  const [renameCategory] = useRenameCategoryMutation();
  const [deleteCategory, { isLoading: deletingCategory }] = useDeleteCategoryMutation();
  const [createSub] = useCreateSubcategoryMutation();
  const [renameSub] = useRenameSubcategoryMutation();
  const [deleteSub, { isLoading: deletingSub }] = useDeleteSubcategoryMutation();
  const close = () => setOpen(null);
  const run = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      toast.success(done);
      return true;
    } catch (err) {
      toast.error(describeError(err).message);
      return false;
    }
  };

  async function removeCategory(category: Category) {
    const ok = await run(deleteCategory(category._id).unwrap(), `${category.name} deleted`);
    close();
    if (ok) afterDelete?.();
  }
  async function removeSub(category: Category, sub: Subcategory) {
    await run(deleteSub({ id: category._id, subId: sub._id }).unwrap(), `${sub.name} deleted`);
    close();
  }

  let dialog: ReactNode = null;
  if (open?.kind === "rename")
    dialog = (
      <NameDialog
        title={t`Rename category`}
        label={t`Name`}
        initial={open.category.name}
        confirmLabel={t`Rename`}
        onClose={close}
        onSave={(name) => renameCategory({ id: open.category._id, name }).unwrap()}
      />
    );
  if (open?.kind === "addSub")
    dialog = (
      <NameDialog
        title={t`Add a subcategory to ${open.category.name}`}
        label={t`Subcategory name`}
        confirmLabel={t`Add`}
        onClose={close}
        onSave={(name) => createSub({ categoryId: open.category._id, name }).unwrap()}
      />
    );
  if (open?.kind === "renameSub")
    dialog = (
      <NameDialog
        title={t`Rename subcategory`}
        label={t`Name`}
        initial={open.sub.name}
        confirmLabel={t`Rename`}
        onClose={close}
        onSave={(name) => renameSub({ id: open.category._id, subId: open.sub._id, name }).unwrap()}
      />
    );
  if (open?.kind === "delete")
    dialog = (
      <ConfirmDialog
        open
        title={t`Delete ${open.category.name}?`}
        text={t`The category and its ${open.category.subcategories.length} subcategories are deleted. Its ${open.category.productCount} products stay, without a category.`}
        confirmLabel={t`Delete`}
        busy={deletingCategory}
        onClose={close}
        onConfirm={() => void removeCategory(open.category)}
      />
    );
  if (open?.kind === "deleteSub")
    dialog = (
      <ConfirmDialog
        open
        title={t`Delete ${open.sub.name}?`}
        text={t`The subcategory is deleted. Its products stay in ${open.category.name}.`}
        confirmLabel={t`Delete`}
        busy={deletingSub}
        onClose={close}
        onConfirm={() => void removeSub(open.category, open.sub)}
      />
    );
  return { open: setOpen, dialog };
}
