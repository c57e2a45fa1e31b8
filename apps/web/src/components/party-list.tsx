import { t } from "@lingui/core/macro";
import { FormControlLabel, Link as MuiLink, Switch } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { Link } from "react-router";
import type { useSearchPaging } from "./paged-grid.tsx";

type Party = { _id: string; name: string; archived: boolean };

/** A party list's name column (customers, suppliers): a link to the party's page, "(archived)" after an archived one. */
export function partyNameColumn<R extends Party>(pathOf: (row: R) => string): GridColDef<R> {
  return {
    field: "name",
    headerName: t`Name`,
    flex: 1,
    minWidth: 170,
    renderCell: ({ row }) => (
      <MuiLink component={Link} to={pathOf(row)}>
        {row.name}
        {row.archived ? ` (${t`archived`})` : ""}
      </MuiLink>
    ),
  };
}

/**
 * A party list's "Show archived": the switch (turning it goes back to the first page) and what it
 * adds to the list's query.
 */
export function useShowArchived(paging: ReturnType<typeof useSearchPaging>) {
  const [archived, setArchived] = useState(false);
  const control = (
    <FormControlLabel
      label={t`Show archived`}
      control={
        <Switch
          checked={archived}
          onChange={(e) => {
            setArchived(e.target.checked);
            paging.setPage(0);
          }}
        />
      }
    />
  );
  return { query: archived ? { archived: "true" as const } : {}, control };
}
