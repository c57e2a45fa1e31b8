// What other modules, flows and the job runner may use of the eTIMS module (modules/README.md).
export { createEtimsDeps, ETIMS_SANDBOX_URL, type EtimsConfig, type EtimsDeps } from "./etims-deps.ts";
export {
  checkRefundReason,
  refreshAllEtimsCodeLists,
  refreshEtimsCodeLists,
  type CodeListRefresh,
} from "./codes.service.ts";
export { deviceInfoOf, deviceOf } from "./device-key.ts";
export { EtimsError, OscuClient, type OscuDevice } from "./oscu-client.ts";
export { receiptBranchOf } from "./receipt-branch.ts";
/** A signed sale changed since (migration 0039): its credit notes and new receipts. */
export {
  correctionOf,
  correctionSales,
  correctionsOfSale,
  setCorrectionProof,
  type Correction,
  type SaleCorrectionView,
} from "./corrections.service.ts";
/** The outbox the database fills (migration 0034) and the queue (flows/etims-queue.ts) empties. */
export {
  businessesDue,
  claimHead,
  markDone,
  markFailed,
  markRetry,
  numberStockReport,
  openRows,
  outboxCounts,
  queuedAfter,
  remainingQuantities,
  requeue,
  retryDelayMs,
  settleStockRows,
  signedInvcNo,
  stockReportRows,
  takeItemSeq,
  type OutboxCounts,
  type OutboxRow,
  type StockOutcome,
} from "./outbox.service.ts";
/** Purchases from KRA: the nightly fetch (flows/jobs.ts) and the owner's answer (flows/etims-purchases.ts). */
export { fetchAllEtimsPurchases, purchasesToConfirm, type StoredPurchase } from "./purchases.service.ts";
export { answerPurchase, type PurchaseAnswer, type PurchaseOutcome } from "./purchase-answer.ts";
