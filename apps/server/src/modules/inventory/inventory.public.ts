// What other modules may use of the inventory module: its public entry (modules/README.md).
// Only inventory changes a product's quantity, and only through the stock ledger's functions.
/** The products table, for reading only: sale lines and kitchen tickets show names and images. */
export { products } from "./products.table.ts";
export { applyStockChange, applyStockChanges, lockProducts, stockHeldBy, type LockedProduct } from "./stock-ledger.ts";
export { receiveSupplyIntoStock, type ReceiptResult, type SupplyReceipt } from "./supply-receipts.ts";
/** Medicines in batches: the clinic dispenses (first to expire first) and lists what can be prescribed. */
export { dispenseFromBatches, listMedicines, type DispensedFrom } from "./batches.ts";
/** Product categories, for reading only: the reports sum sales by category. */
export { categories as productCategories } from "./categories.table.ts";
/** How many live products are at or below their reorder level (and not out): the dashboard's low-stock count. */
export { lowStockCount } from "./stock-analysis.service.ts";
/** Products' KRA eTIMS details and registration (the eTIMS queue and its routes). */
export {
  fillProductsEtims,
  hasEtimsDetails,
  productsForEtims,
  productsMissingEtims,
  setProductEtimsRegistration,
  stockMovementsForEtims,
  type ProductEtims,
  type StockMovementEtims,
} from "./product-etims.ts";
/** Promotions the owner defines: a sale re-checks them in its transaction (issue 31 item 2). */
export { promotionsForProducts } from "./promotions.service.ts";
