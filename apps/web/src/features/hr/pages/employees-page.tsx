import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/PersonAdd";
import SearchIcon from "@mui/icons-material/Search";
import { Alert, Box, Button, Card, Chip, InputAdornment, Link, MenuItem, Stack, TextField } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import type { Employee } from "@app/shared/accounts/auth";
import { filterEmployees, occupationsOf, type EmployeeStatus } from "@app/shared/hr/employee";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { AreaGate } from "../../../components/area-gate.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { FlagChips } from "../components/flag-chips.tsx";
import { occupationLabel } from "../../../components/occupation-label.ts";
import { useListEmployeesQuery } from "../hr-api.ts";
import { gridText } from "../../../lib/i18n/mui-locale.ts";

/** /employees: the HR Department's staff list (search, status, occupation, flags at a glance). */
export default function EmployeesPage() {
  return (
    <AreaGate area="hr" title={t`HR Department`}>
      <StaffList />
    </AreaGate>
  );
}

function StaffList() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const { data, isFetching, isError, error, refetch } = useListEmployeesQuery(business?._id ?? "", {
    skip: !business,
  });
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<EmployeeStatus | "">("");
  const [occupation, setOccupation] = useState("");
  const rows = useMemo(() => filterEmployees(data ?? [], { q, status, occupation }), [data, q, status, occupation]);
  const columns: GridColDef<Employee>[] = [
    {
      field: "username",
      headerName: t`Employee`,
      flex: 1,
      minWidth: 150,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={pathTo("/employee/:employeeId", { employeeId: row._id })}>
          {row.username}
        </Link>
      ),
    },
    {
      field: "occupation",
      headerName: t`Occupation`,
      width: 140,
      valueFormatter: (v: string) => occupationLabel(v),
    },
    {
      field: "active",
      headerName: t`Status`,
      width: 110,
      renderCell: ({ row }) =>
        row.active ? (
          <Chip size="small" color="success" label={t`Active`} />
        ) : (
          <Chip size="small" label={t`Inactive`} />
        ),
    },
    {
      field: "flags",
      headerName: t`Permissions`,
      flex: 2,
      minWidth: 260,
      sortable: false,
      renderCell: ({ row }) => <FlagChips employee={row} />,
    },
    {
      field: "createdAt",
      headerName: t`Added`,
      width: 120,
      valueFormatter: (v: string) => formatDate(v, business?.timeZone),
    },
    {
      field: "actions",
      headerName: "",
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          component={RouterLink}
          to={pathTo("/employees/:employeeId", { employeeId: row._id })}
          aria-label={user?.isAdmin ? t`Edit ${row.username}` : t`Open ${row.username}`}
        >
          {user?.isAdmin ? t`Edit` : t`Open`}
        </Button>
      ),
    },
  ];
  const noRows =
    data && data.length === 0
      ? t`No employees yet. Add your first member of staff.`
      : t`No employees match these filters.`;
  return (
    <>
      <PageHeader
        title={t`HR Department`}
        subtitle={business?.name}
        actions={
          user?.isAdmin && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={pathTo("/employees/new")}>
              <Trans>Add employee</Trans>
            </Button>
          )
        }
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          size="small"
          placeholder={t`Search employees`}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ flex: 1, maxWidth: { sm: 360 } }}
          slotProps={{
            htmlInput: { "aria-label": t`Search employees` },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t`Status`}
          value={status}
          onChange={(e) => setStatus(e.target.value as EmployeeStatus | "")}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">
            <Trans>All</Trans>
          </MenuItem>
          <MenuItem value="active">
            <Trans>Active</Trans>
          </MenuItem>
          <MenuItem value="inactive">
            <Trans>Inactive</Trans>
          </MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t`Occupation`}
          value={occupation}
          onChange={(e) => setOccupation(e.target.value)}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">
            <Trans>All</Trans>
          </MenuItem>
          {occupationsOf(data ?? []).map((o) => (
            <MenuItem key={o} value={o}>
              {occupationLabel(o)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The staff list could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      <Card variant="outlined" data-testid="employees-grid">
        <Box sx={{ width: "100%", overflowX: "auto" }}>
          <DataGrid
            rows={rows}
            getRowId={(r) => r._id}
            columns={columns}
            loading={isFetching}
            initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
            pageSizeOptions={[10, 25, 50]}
            disableRowSelectionOnClick
            autoHeight
            getRowHeight={() => "auto"}
            localeText={gridText({ noRowsLabel: noRows })}
            sx={{ border: 0, "& .MuiDataGrid-cell": { py: 0.5, display: "flex", alignItems: "center" } }}
          />
        </Box>
      </Card>
    </>
  );
}
