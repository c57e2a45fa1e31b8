import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Typography } from "@mui/material";
import { useState } from "react";
import type { ProductFormValues } from "@app/shared/inventory/product-form";
import { useAppSelector } from "../../../app/hooks.ts";
import { CodePicker } from "../../../components/code-picker.tsx";
import { useEtimsCodesQuery } from "../../etims/etims-api.ts";

type EtimsKey = "etimsItemClass" | "etimsItemType" | "etimsOrigin" | "etimsPackagingUnit" | "etimsQuantityUnit";

/** KRA's code class of each detail (selectCodeList; item classifications are their own list). */
const CLASS_OF: Record<Exclude<EtimsKey, "etimsItemClass">, string> = {
  etimsItemType: "24",
  etimsOrigin: "05",
  etimsPackagingUnit: "17",
  etimsQuantityUnit: "10",
};

function CodeField({
  field,
  label,
  value,
  onChange,
  disabled,
}: {
  field: EtimsKey;
  label: string;
  value: string;
  onChange: (code: string | null) => void;
  disabled?: boolean;
}) {
  const businessId = useAppSelector((s) => s.business.current?._id) ?? "";
  const [search, setSearch] = useState("");
  const query =
    field === "etimsItemClass"
      ? { businessId, kind: "itemClasses" as const, ...(search ? { search } : {}) }
      : { businessId, kind: "codes" as const, cdCls: CLASS_OF[field] };
  const { data, isFetching, isError } = useEtimsCodesQuery(query, { skip: !businessId });
  return (
    <CodePicker
      label={label}
      options={data?.items ?? []}
      value={value || null}
      onChange={onChange}
      loading={isFetching}
      failed={isError}
      disabled={disabled}
      {...(field === "etimsItemClass" ? { onSearch: setSearch } : {})}
    />
  );
}

/**
 * The product's KRA eTIMS details, picked from KRA's cached lists (type a name or a code). Needed
 * once the business connects eTIMS; the product is then registered with KRA when saved.
 */
export function EtimsFields({
  values,
  onChange,
  disabled,
}: {
  values: ProductFormValues;
  onChange: (key: EtimsKey, code: string | null) => void;
  disabled?: boolean;
}) {
  const fields: [EtimsKey, string][] = [
    ["etimsItemClass", t`Item classification`],
    ["etimsItemType", t`Item type`],
    ["etimsOrigin", t`Country of origin`],
    ["etimsPackagingUnit", t`Packaging unit`],
    ["etimsQuantityUnit", t`Quantity unit`],
  ];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        <Trans>KRA eTIMS details (needed once eTIMS is connected)</Trans>
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {fields.map(([key, label]) => (
          <CodeField
            key={key}
            field={key}
            label={label}
            value={values[key]}
            onChange={(code) => onChange(key, code)}
            disabled={disabled}
          />
        ))}
      </Box>
    </Box>
  );
}
