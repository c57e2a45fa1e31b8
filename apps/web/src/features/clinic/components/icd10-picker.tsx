import { t } from "@lingui/core/macro";
import { Autocomplete, TextField } from "@mui/material";
import { useMemo, useState } from "react";
import { icd10Entry, searchIcd10, type Icd10Entry } from "@app/shared/clinic/icd10";

/** An ICD-10 code from the list shipped with the app, searched by code or words. */
export function Icd10Picker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (code: string | null) => void;
  error?: string;
}) {
  const [input, setInput] = useState("");
  const options = useMemo(() => searchIcd10(input, 30), [input]);
  const selected = value ? (icd10Entry(value) ?? null) : null;
  return (
    <Autocomplete<Icd10Entry>
      size="small"
      options={options}
      value={selected}
      onChange={(_e, entry) => onChange(entry?.code ?? null)}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      filterOptions={(x) => x}
      getOptionLabel={(e) => `${e.code} ${e.title}`}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t`ICD-10 code`}
          placeholder={t`Search by code or words`}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
