import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { Box, Button, IconButton, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** A list of pay lines (allowances or deductions): a title, Add, each row's fields and Remove. */
export function LineList<R>(props: {
  title: string;
  addLabel: string;
  empty: string;
  rows: R[];
  canEdit: boolean;
  onAdd: () => void;
  onRemove: (i: number) => void;
  render: (row: R, i: number) => ReactNode;
}) {
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {props.title}
        </Typography>
        {props.canEdit && (
          <Button size="small" startIcon={<AddIcon />} onClick={props.onAdd}>
            {props.addLabel}
          </Button>
        )}
      </Box>
      {!props.rows.length && (
        <Typography variant="body2" color="text.secondary">
          {props.empty}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {props.rows.map((row, i) => (
          <Stack key={i} direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
            {props.render(row, i)}
            {props.canEdit && (
              <IconButton
                aria-label={t`Remove line ${i + 1}`}
                onClick={() => props.onRemove(i)}
                sx={{ alignSelf: { xs: "flex-end", sm: "center" } }}
              >
                <DeleteIcon />
              </IconButton>
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
