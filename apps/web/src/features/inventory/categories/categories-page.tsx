import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Box,
  Button,
  CircularProgress,
  Link as MuiLink,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { Link } from "react-router";
import { useListCategoriesQuery } from "../api/categories-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { LoadError } from "../components/load-error.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { NewCategoryForm } from "./new-category-form.tsx";
import { SubcategoryChips } from "./subcategory-chips.tsx";
import { useCategoryActions } from "./use-category-actions.tsx";
import { pathTo } from "../../../lib/paths.ts";

/** /category/all: categories with their subcategories; create, rename, delete. */
export default function CategoriesPage() {
  const { businessId, canManage } = useInventoryAccess();
  const { data, isLoading, isError, error, refetch } = useListCategoriesQuery(businessId, { skip: !businessId });
  const actions = useCategoryActions();
  return (
    <InventoryPage title={t`Categories`}>
      {canManage && <NewCategoryForm businessId={businessId} />}
      {isLoading && (
        <Box sx={{ display: "grid", placeItems: "center", p: 4 }}>
          <CircularProgress aria-label={t`Loading categories`} />
        </Box>
      )}
      {isError && (
        <LoadError error={error} what={t`The categories could not be loaded.`} onRetry={() => void refetch()} />
      )}
      {data && data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography color="text.secondary">
            <Trans>No categories yet.</Trans>
            {canManage ? t` Add the first one above.` : ""}
          </Typography>
        </Paper>
      )}
      {data && data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t`Categories`}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Category</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Subcategories</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Products</Trans>
                </TableCell>
                {canManage && (
                  <TableCell align="right">
                    <Trans>Actions</Trans>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((c) => (
                <TableRow key={c._id}>
                  <TableCell>
                    <MuiLink
                      component={Link}
                      to={pathTo("/category/:categoryId", { categoryId: c._id })}
                      sx={{ fontWeight: 500 }}
                    >
                      {c.name}
                    </MuiLink>
                  </TableCell>
                  <TableCell>
                    <SubcategoryChips
                      category={c}
                      editable={canManage}
                      onRename={(sub) => actions.open({ kind: "renameSub", category: c, sub })}
                      onDelete={(sub) => actions.open({ kind: "deleteSub", category: c, sub })}
                    />
                  </TableCell>
                  <TableCell align="right">{c.productCount.toLocaleString()}</TableCell>
                  {canManage && (
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
                        <Button size="small" onClick={() => actions.open({ kind: "addSub", category: c })}>
                          <Trans>Add subcategory</Trans>
                        </Button>
                        <Button size="small" onClick={() => actions.open({ kind: "rename", category: c })}>
                          <Trans>Rename</Trans>
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => actions.open({ kind: "delete", category: c })}
                        >
                          <Trans>Delete</Trans>
                        </Button>
                      </Stack>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {actions.dialog}
    </InventoryPage>
  );
}
