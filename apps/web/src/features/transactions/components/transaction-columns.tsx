import { t } from "@lingui/core/macro";
import DeleteOutlineIcon from "@mui/icons-material/Delete";
import { Box, Chip, IconButton, Tooltip, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { formatKES } from "@app/shared/money/money";
import type { MoneyMovement } from "@app/shared/transactions/transaction";
import { formatDateTime } from "../../../lib/date-format.ts";
import { correctionLabel, kindLabel, methodLabel } from "../transaction-texts.ts";

/** The cash book's columns: time, kind, method, in or out, reference, who; deleting a hand entry is the owner's. */
export function useTransactionColumns(
  timeZone: string,
  isOwner: boolean,
  onDelete: (m: MoneyMovement) => void,
): GridColDef<MoneyMovement>[] {
  return [
    {
      field: "occurredAt",
      headerName: t`Time`,
      width: 150,
      valueFormatter: (v: string) => formatDateTime(v, timeZone),
    },
    {
      field: "kind",
      headerName: t`Kind`,
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {kindLabel(row.kind)}{" "}
            {row.correction && <Chip size="small" variant="outlined" label={correctionLabel(row.correction)} />}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {row.description}
          </Typography>
        </Box>
      ),
    },
    {
      field: "method",
      headerName: t`Method`,
      width: 120,
      valueFormatter: (v: MoneyMovement["method"]) => methodLabel(v),
    },
    {
      field: "amount",
      headerName: t`In / out`,
      width: 140,
      align: "right",
      headerAlign: "right",
      renderCell: ({ row }) => (
        <Typography
          variant="body2"
          sx={{ fontWeight: 600 }}
          color={row.direction === "in" ? "success.main" : "error.main"}
        >
          {formatKES(row.direction === "in" ? row.amount : -row.amount)}
        </Typography>
      ),
    },
    { field: "reference", headerName: t`Reference`, width: 130, valueFormatter: (v: string | null) => v ?? "" },
    { field: "who", headerName: t`Who`, width: 120 },
    {
      field: "actions",
      headerName: "",
      width: 56,
      sortable: false,
      renderCell: ({ row }) =>
        isOwner && row.deletable ? (
          <Tooltip title={t`Delete this transaction`}>
            <IconButton size="small" aria-label={t`Delete ${row.description}`} onClick={() => onDelete(row)}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];
}
