import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Stack, TextField } from "@mui/material";
import { useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import { createCategoryInputSchema } from "@app/shared/inventory/category";
import { describeError } from "../../../api/errors.ts";
import { useCreateCategoryMutation } from "../api/categories-api.ts";

/** Adds a category by name. */
export function NewCategoryForm({ businessId }: { businessId: string }) {
  const [create, { isLoading }] = useCreateCategoryMutation();
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createCategoryInputSchema.safeParse({ businessId, name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid name");
    try {
      const category = await create(parsed.data).unwrap();
      toast.success(t`${category.name} added`);
      setName("");
      setError("");
    } catch (err) {
      const { message, fields } = describeError(err);
      setError(fields.name ?? message);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Add a category`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", mb: 2 }}>
        <TextField
          size="small"
          label={t`New category`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          sx={{ minWidth: 280 }}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          <Trans>Add category</Trans>
        </Button>
      </Stack>
    </form>
  );
}
