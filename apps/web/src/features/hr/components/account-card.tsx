import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { flagsOf, type Employee } from "@app/shared/accounts/auth";
import { describeError } from "../../../api/errors.ts";
import { useUpdateEmployeeMutation } from "../hr-api.ts";
import { FlagsEditor } from "./flags-editor.tsx";
import { OccupationField } from "./occupation-field.tsx";

/** Occupation and the eight permission flags of one member of staff; the owner saves them. */
export function AccountCard({ employee, canEdit }: { employee: Employee; canEdit: boolean }) {
  const [update, { isLoading }] = useUpdateEmployeeMutation();
  const [occupation, setOccupation] = useState(employee.occupation);
  const [flags, setFlags] = useState(() => flagsOf(employee));
  const [maxDiscount, setMaxDiscount] = useState(String(employee.maxDiscountPercent ?? 0));
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  async function save() {
    setError(null);
    try {
      const maxDiscountPercent = Number(maxDiscount);
      await update({ id: employee._id, body: { occupation, ...flags, maxDiscountPercent } }).unwrap();
      toast.success(t`Changes to ${employee.username} saved`);
    } catch (err) {
      setError(describeError(err));
    }
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <Typography variant="h6" sx={{ flex: 1 }}>
              <Trans>Role and permissions</Trans>
            </Typography>
            {employee.active ? (
              <Chip color="success" size="small" label={t`Active`} />
            ) : (
              <Chip size="small" label={t`Inactive`} />
            )}
          </Box>
          {error && <Alert severity="error">{error.message}</Alert>}
          <OccupationField
            value={occupation}
            onChange={setOccupation}
            error={error?.fields.occupation}
            disabled={!canEdit}
          />
          <FlagsEditor value={flags} onChange={(f, on) => setFlags({ ...flags, [f]: on })} disabled={!canEdit} />
          <TextField
            size="small"
            label={t`Largest discount at the till (%)`}
            value={maxDiscount}
            onChange={(e) => setMaxDiscount(e.target.value.replace(/\D/g, "").slice(0, 3))}
            slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": "max-discount" } }}
            error={Boolean(error?.fields.maxDiscountPercent)}
            helperText={
              error?.fields.maxDiscountPercent ??
              t`They may give up to this percent off a line; beyond it the owner types their PIN at the till. 0: none.`
            }
            disabled={!canEdit}
            sx={{ maxWidth: 420 }}
          />
          {canEdit && (
            <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
              <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
                <Trans>Save changes</Trans>
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
