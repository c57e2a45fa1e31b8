import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Paper, Stack, Typography } from "@mui/material";
import { useNavigate, useParams } from "react-router";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { useListCategoriesQuery } from "../api/categories-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { LoadError } from "../components/load-error.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { CategoryProducts } from "./category-products.tsx";
import { SubcategoryChips } from "./subcategory-chips.tsx";
import { useCategoryActions } from "./use-category-actions.tsx";
import { pathTo } from "../../../lib/paths.ts";

/** /category/{categoryId}: a category's subcategories and products; move products between subcategories. */
export default function CategoryPage() {
  const { categoryId = "" } = useParams();
  const navigate = useNavigate();
  const { businessId, canManage } = useInventoryAccess();
  const { data, isLoading, isError, error, refetch } = useListCategoriesQuery(businessId, { skip: !businessId });
  const category = data?.find((c) => c._id === categoryId);
  const actions = useCategoryActions(() => void navigate(pathTo("/category/all"), { replace: true }));
  const buttons = category && canManage && (
    <>
      <Button variant="outlined" onClick={() => actions.open({ kind: "rename", category })}>
        <Trans>Rename</Trans>
      </Button>
      <Button variant="outlined" color="error" onClick={() => actions.open({ kind: "delete", category })}>
        <Trans>Delete</Trans>
      </Button>
    </>
  );
  return (
    <InventoryPage
      title={category?.name ?? t`Category`}
      subtitle={category ? t`${category.productCount} product${category.productCount === 1 ? "" : "s"}` : undefined}
      actions={buttons}
    >
      {isLoading && <FullPageSpinner />}
      {isError && (
        <LoadError error={error} what={t`The category could not be loaded.`} onRetry={() => void refetch()} />
      )}
      {data && !category && (
        <Typography>
          <Trans>This category does not exist (it may have been deleted).</Trans>
        </Typography>
      )}
      {category && (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 1 }}>
              <Typography variant="h6" component="h2">
                <Trans>Subcategories</Trans>
              </Typography>
              {canManage && (
                <Button size="small" variant="contained" onClick={() => actions.open({ kind: "addSub", category })}>
                  <Trans>Add subcategory</Trans>
                </Button>
              )}
            </Stack>
            <SubcategoryChips
              category={category}
              editable={canManage}
              onRename={(sub) => actions.open({ kind: "renameSub", category, sub })}
              onDelete={(sub) => actions.open({ kind: "deleteSub", category, sub })}
            />
          </Paper>
          <CategoryProducts category={category} />
        </Stack>
      )}
      {actions.dialog}
    </InventoryPage>
  );
}
