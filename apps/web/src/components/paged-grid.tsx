import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import SearchIcon from "@mui/icons-material/Search";
import { Alert, Box, InputAdornment, TextField } from "@mui/material";
import { DataGrid, type GridColDef, type GridValidRowModel } from "@mui/x-data-grid";
import { useState, type ReactNode } from "react";
import { useDebouncedValue } from "../lib/use-debounced-value.ts";
import { gridText } from "../lib/i18n/mui-locale.ts";

/**
 * Query options of support's lists (businesses, plans, subscriptions, payments): asked again when
 * the window regains focus and every 15 s while it has it, so what changed elsewhere (a business
 * registered, a plan edited) shows without a reload (issue 20).
 */
export const LIVE_LIST = { pollingInterval: 15_000, refetchOnFocus: true, skipPollingIfUnfocused: true } as const;

/** Search text that settles 300 ms after the last key, and the page it resets. */
export function useSearchPaging(pageSize = 10) {
  const [text, setText] = useState("");
  const q = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(0);
  // A new search starts at its first page: reset while rendering, so no request asks for the old page.
  const [pagedQ, setPagedQ] = useState(q);
  if (pagedQ !== q) {
    setPagedQ(q);
    setPage(0);
  }
  return { text, setText, q, page, setPage, query: { q: q || undefined, page, pageSize } };
}

type Props<R extends GridValidRowModel> = {
  label: string;
  testId: string;
  paging: ReturnType<typeof useSearchPaging>;
  rows: R[];
  total: number;
  columns: GridColDef<R>[];
  loading: boolean;
  error: boolean;
  empty: string;
  actions?: ReactNode;
};

/** A searched table, a fixed number of rows a page (10 by default), paged by the server (the subscription tabs of spec section 2, /request). */
export function PagedGrid<R extends GridValidRowModel & { _id: string }>({
  label,
  testId,
  paging,
  rows,
  total,
  columns,
  loading,
  error,
  empty,
  actions,
}: Props<R>) {
  return (
    <Box>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", mb: 2, flexWrap: "wrap" }}>
        <TextField
          size="small"
          placeholder={t`Search ${label}`}
          value={paging.text}
          onChange={(e) => paging.setText(e.target.value)}
          sx={{ minWidth: 280, flex: 1, maxWidth: 420 }}
          slotProps={{
            htmlInput: { "aria-label": t`Search ${label}` },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ flex: 1 }} />
        {actions}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <Trans>The {label} could not be loaded. Check the connection and try again.</Trans>
        </Alert>
      )}
      <div data-testid={testId}>
        <DataGrid
          rows={rows}
          getRowId={(r) => r._id}
          columns={columns}
          loading={loading}
          rowCount={total}
          paginationMode="server"
          paginationModel={{ page: paging.page, pageSize: paging.query.pageSize }}
          onPaginationModelChange={(m) => paging.setPage(m.page)}
          pageSizeOptions={[paging.query.pageSize]}
          disableRowSelectionOnClick
          disableColumnFilter
          sortingMode="server"
          disableColumnSorting
          autoHeight
          getRowHeight={() => "auto"}
          localeText={gridText({ noRowsLabel: paging.q ? t`No ${label} match “${paging.q}”.` : empty })}
          sx={{ bgcolor: "background.paper", "& .MuiDataGrid-cell": { py: 1, display: "flex", alignItems: "center" } }}
        />
      </div>
    </Box>
  );
}
