import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import {
  Alert,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { useListRuleSetsQuery } from "../payroll-api.ts";
import { RuleSetDialog } from "./rule-set-dialog.tsx";

/**
 * The Kenyan statutory rule sets payroll computes with, each in force from its date (Settings,
 * provider support): rates change by law, so support adds a new set with its date here.
 */
export function RuleSetsCard() {
  const { data, isError, error } = useListRuleSetsQuery();
  const [adding, setAdding] = useState(false);
  const latest = data?.at(-1);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
          <Typography variant="h6">
            <Trans>Payroll statutory rules</Trans>
          </Typography>
          {latest && (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              <Trans>Add rule set</Trans>
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          <Trans>
            A payroll run uses the set in force at the end of its month. Sets are never edited: add a new one with the
            date the law takes effect.
          </Trans>
        </Typography>
        {isError && (
          <Alert severity="error">
            <Trans>The rule sets could not be loaded. {describeError(error).message}</Trans>
          </Alert>
        )}
        {data && (
          <TableContainer sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label={t`Statutory rule sets`} data-testid="rule-sets">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Trans>In force from</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Name</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>NSSF limits</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Before PAYE</Trans>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...data].reverse().map((r) => (
                  <TableRow key={r._id}>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{r.effectiveFrom}</TableCell>
                    <TableCell>{r.name}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      {formatKES(r.rules.nssf.lowerLimit)} / {formatKES(r.rules.nssf.upperLimit)}
                    </TableCell>
                    <TableCell>
                      {[r.rules.shif.deductible && "SHIF", r.rules.ahl.deductible && "AHL"]
                        .filter(Boolean)
                        .join(", ") || t`Pension only`}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      {adding && latest && <RuleSetDialog latest={latest} onClose={() => setAdding(false)} />}
    </Card>
  );
}
