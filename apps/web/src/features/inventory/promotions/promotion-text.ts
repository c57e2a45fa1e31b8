import { t } from "@lingui/core/macro";
import { formatKES } from "@app/shared/money/money";
import type { Promotion, PromotionKind } from "@app/shared/pos/promotion-schema";
import type { PromotionStatus } from "@app/shared/pos/promotions";

/** The kind's name in the owner's language. */
export function kindLabel(kind: PromotionKind): string {
  switch (kind) {
    case "price":
      return t`Special price`;
    case "buyXgetY":
      return t`Buy X, get Y free`;
    case "quantityBreak":
      return t`Quantity for an amount`;
  }
}

/** What a promotion gives, in words: "3 for KES 100.00", "Buy 2, get 1 free", "KES 35.00 each". */
export function dealOf(
  p: Pick<Promotion, "kind" | "unitPrice" | "buyQuantity" | "freeQuantity" | "breakQuantity" | "breakAmount">,
): string {
  if (p.kind === "price") return t`${formatKES(p.unitPrice ?? 0)} each`;
  if (p.kind === "buyXgetY") return t`Buy ${p.buyQuantity ?? 0}, get ${p.freeQuantity ?? 0} free`;
  return t`${p.breakQuantity ?? 0} for ${formatKES(p.breakAmount ?? 0)}`;
}

/** Monday to Sunday, short (ISO order: 1 = Monday). */
export const dayLabels = () => [t`Mon`, t`Tue`, t`Wed`, t`Thu`, t`Fri`, t`Sat`, t`Sun`];

export function statusLabel(s: PromotionStatus): string {
  switch (s) {
    case "running":
      return t`Running now`;
    case "scheduled":
      return t`Scheduled`;
    case "ended":
      return t`Ended`;
    case "off":
      return t`Off`;
  }
}
