import { t } from "@lingui/core/macro";
import { Autocomplete, TextField } from "@mui/material";

export type CodeOption = { code: string; name: string };

/**
 * A searchable picker of codes ("Name (code)"): the caller gives the options (e.g. KRA's cached
 * lists) and, for long lists searched on the server, `onSearch`.
 */
export function CodePicker({
  label,
  options,
  value,
  onChange,
  loading,
  failed,
  onSearch,
  disabled,
}: {
  label: string;
  options: readonly CodeOption[];
  value: string | null;
  onChange: (code: string | null) => void;
  loading?: boolean;
  failed?: boolean;
  onSearch?: (text: string) => void;
  disabled?: boolean;
}) {
  const selected = options.find((o) => o.code === value) ?? (value ? { code: value, name: value } : null);
  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      loading={loading}
      disabled={disabled}
      onChange={(_e, o) => onChange(o?.code ?? null)}
      onInputChange={(_e, text, reason) => {
        if (onSearch && reason === "input") onSearch(text);
      }}
      filterOptions={onSearch ? (x) => x : undefined}
      getOptionLabel={(o) => (o.name === o.code ? o.code : `${o.name} (${o.code})`)}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      noOptionsText={failed ? t`The list could not be loaded` : t`Nothing matches`}
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={{ minWidth: 200, flex: 1 }}
    />
  );
}
