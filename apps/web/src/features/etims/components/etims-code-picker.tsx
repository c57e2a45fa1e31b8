import { t } from "@lingui/core/macro";
import { useState } from "react";
import { CodePicker } from "../../../components/code-picker.tsx";
import { useEtimsCodesQuery } from "../etims-api.ts";

export type EtimsCodeKind = "itemClass" | "itemType" | "origin" | "packagingUnit" | "quantityUnit";

/** KRA's code class of each product detail (selectCodeList), or the item classifications. */
const CLASS_OF: Record<Exclude<EtimsCodeKind, "itemClass">, string> = {
  itemType: "24",
  origin: "05",
  packagingUnit: "17",
  quantityUnit: "10",
};

export function etimsCodeLabel(kind: EtimsCodeKind): string {
  switch (kind) {
    case "itemClass":
      return t`Item classification`;
    case "itemType":
      return t`Item type`;
    case "origin":
      return t`Country of origin`;
    case "packagingUnit":
      return t`Packaging unit`;
    case "quantityUnit":
      return t`Quantity unit`;
  }
}

/**
 * A searchable picker over KRA's cached code lists (GET /api/etims/codes): type a name or a code.
 * Item classifications are searched on the server (there are thousands); the other lists are short.
 */
export function EtimsCodePicker({
  businessId,
  kind,
  value,
  onChange,
  disabled,
}: {
  businessId: string;
  kind: EtimsCodeKind;
  value: string | null;
  onChange: (code: string | null) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState("");
  const query =
    kind === "itemClass"
      ? { businessId, kind: "itemClasses" as const, ...(search ? { search } : {}) }
      : { businessId, kind: "codes" as const, cdCls: CLASS_OF[kind] };
  const { data, isFetching, isError } = useEtimsCodesQuery(query, { skip: !businessId });
  return (
    <CodePicker
      label={etimsCodeLabel(kind)}
      options={data?.items ?? []}
      value={value}
      onChange={onChange}
      loading={isFetching}
      failed={isError}
      disabled={disabled}
      {...(kind === "itemClass" ? { onSearch: setSearch } : {})}
    />
  );
}
