import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Chip, Stack, Typography } from "@mui/material";
import type { Category, Subcategory } from "@app/shared/inventory/category";

/** A category's subcategories; with rights, click renames and the cross deletes. */
export function SubcategoryChips({
  category,
  editable,
  onRename,
  onDelete,
}: {
  category: Category;
  editable: boolean;
  onRename: (s: Subcategory) => void;
  onDelete: (s: Subcategory) => void;
}) {
  if (category.subcategories.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        <Trans>No subcategories</Trans>
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
      {category.subcategories.map((s) => (
        <Chip
          key={s._id}
          size="small"
          label={s.name}
          {...(editable ? { onClick: () => onRename(s), onDelete: () => onDelete(s), deleteIcon: undefined } : {})}
          aria-label={editable ? t`Subcategory ${s.name}: click to rename` : t`Subcategory ${s.name}`}
        />
      ))}
    </Stack>
  );
}
