import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, MenuItem, TextField } from "@mui/material";
import type { Section } from "@app/shared/restaurant/section";

type Props = {
  sections: Section[];
  section: string | null;
  table: string | null;
  onSection: (id: string | null) => void;
  onTable: (id: string | null) => void;
};

/** Restaurant mode: the ticket's section and table. Choosing a section clears the table. */
export function TablePicker({ sections, section, table, onSection, onTable }: Props) {
  const tables = sections.find((s) => s._id === section)?.tables ?? [];
  return (
    <Box sx={{ display: "flex", gap: 1 }}>
      <TextField
        select
        size="small"
        label={t`Section`}
        value={section ?? ""}
        onChange={(e) => onSection(e.target.value || null)}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">
          <Trans>None</Trans>
        </MenuItem>
        {sections.map((s) => (
          <MenuItem key={s._id} value={s._id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t`Table`}
        value={table ?? ""}
        onChange={(e) => onTable(e.target.value || null)}
        disabled={!section}
        sx={{ minWidth: 120 }}
      >
        <MenuItem value="">
          <Trans>None</Trans>
        </MenuItem>
        {tables.map((t) => (
          <MenuItem key={t._id} value={t._id}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
