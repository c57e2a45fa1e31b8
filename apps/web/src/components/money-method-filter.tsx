import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { MenuItem, TextField } from "@mui/material";
import { MONEY_METHODS, type MoneyMethod } from "@app/shared/transactions/transaction";

/** The money pages' method filter (expenses, transactions): one method or all of them (""). */
export function MoneyMethodFilter({
  value,
  onChange,
}: {
  value: MoneyMethod | "";
  onChange: (method: MoneyMethod | "") => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={t`Method`}
      value={value}
      onChange={(e) => onChange(e.target.value as MoneyMethod | "")}
      sx={{ minWidth: 150 }}
    >
      <MenuItem value="">
        <Trans>All methods</Trans>
      </MenuItem>
      {MONEY_METHODS.map((m) => (
        <MenuItem key={m} value={m}>
          {m === "Bank Transfer" ? t`Bank Transfer` : m}
        </MenuItem>
      ))}
    </TextField>
  );
}
