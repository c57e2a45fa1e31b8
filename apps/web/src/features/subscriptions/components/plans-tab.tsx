import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Chip, IconButton, Switch, Tooltip, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatPlanPrice } from "@app/shared/subscriptions/billing";
import { PLAN_FEATURE_FLAGS } from "@app/shared/subscriptions/constants";
import type { Plan } from "@app/shared/subscriptions/plan";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useDeletePlanMutation, useListPlansQuery, useSetPlanStatusMutation } from "../subscriptions-api.ts";
import { SUBSCRIPTION_PAGE_SIZE } from "@app/shared/subscriptions/constants";
import { LIVE_LIST, PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { FEATURE_LABELS, PlanDialog } from "./plan-dialog.tsx";
import { formatDate } from "./status-chip.tsx";

/** The Plans tab: support creates, edits, switches and deletes plans; owners see those on offer. */
export function PlansTab({ manage }: { manage: boolean }) {
  const paging = useSearchPaging(SUBSCRIPTION_PAGE_SIZE);
  const { data, isFetching, isError } = useListPlansQuery(paging.query, manage ? LIVE_LIST : {});
  const [setStatus] = useSetPlanStatusMutation();
  const [remove, removing] = useDeletePlanMutation();
  const [editing, setEditing] = useState<Plan | "new" | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);

  async function toggle(plan: Plan, isActive: boolean) {
    try {
      await setStatus({ id: plan._id, isActive }).unwrap();
      toast.success(t`${plan.name} is ${isActive ? "on offer" : "switched off"}`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove(deleting._id).unwrap();
      toast.success(t`${deleting.name} deleted`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setDeleting(null);
  }

  const columns: GridColDef<Plan>[] = [
    {
      field: "name",
      headerName: t`Plan`,
      flex: 1,
      minWidth: 170,
      renderCell: ({ row }) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {row.description}
          </Typography>
        </Box>
      ),
    },
    {
      field: "price",
      headerName: t`Price`,
      width: 150,
      valueGetter: (_v, row) => formatPlanPrice(row.price, row.currency, row.billingCycle),
    },
    {
      field: "features",
      headerName: t`Features`,
      flex: 1,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
          <Chip
            size="small"
            variant="outlined"
            label={t`${row.features.maxUsers} user${row.features.maxUsers === 1 ? "" : "s"}`}
          />
          <Chip
            size="small"
            variant="outlined"
            label={t`${row.features.maxProducts.toLocaleString("en-KE")} products`}
          />
          {PLAN_FEATURE_FLAGS.filter((f) => row.features[f]).map((f) => (
            <Chip key={f} size="small" label={FEATURE_LABELS[f]} />
          ))}
        </Box>
      ),
    },
    { field: "subscriptionCount", headerName: t`Subscribers`, width: 100, type: "number" },
    { field: "createdAt", headerName: t`Created`, width: 105, valueFormatter: (v: string) => formatDate(v) },
    {
      field: "isActive",
      headerName: t`Active`,
      width: 75,
      renderCell: ({ row }) =>
        manage ? (
          <Switch
            checked={row.isActive}
            onChange={(_, on) => void toggle(row, on)}
            slotProps={{ input: { "aria-label": `${row.name} active` } }}
          />
        ) : (
          <Chip size="small" label={row.isActive ? t`on offer` : "off"} />
        ),
    },
  ];
  if (manage) {
    columns.push({
      field: "actions",
      headerName: "",
      width: 96,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <Tooltip title={t`Edit`}>
            <IconButton aria-label={t`Edit ${row.name}`} onClick={() => setEditing(row)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={row.subscriptionCount ? t`Has subscriptions: switch it off instead` : t`Delete`}>
            <span>
              <IconButton
                aria-label={t`Delete ${row.name}`}
                onClick={() => setDeleting(row)}
                disabled={row.subscriptionCount > 0}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      ),
    });
  }

  return (
    <>
      <PagedGrid
        label="plans"
        testId="plans-grid"
        paging={paging}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        error={isError}
        empty={manage ? "No plans yet. Create the first one." : "No plans are on offer yet."}
        actions={
          manage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing("new")}>
              <Trans>Create Plan</Trans>
            </Button>
          )
        }
      />
      {editing && <PlanDialog open plan={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete ${deleting?.name ?? ""}?`}
        text={t`The plan is removed for good. Nobody has subscribed to it.`}
        confirmLabel={t`Delete`}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
