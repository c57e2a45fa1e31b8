export const ERROR_CODES = {
  VALIDATION: "VALIDATION_ERROR",
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  INVALID_CREDENTIALS: "INVALID_CREDENTIALS",
  FORBIDDEN: "FORBIDDEN",
  ACCOUNT_INACTIVE: "ACCOUNT_INACTIVE",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  /** A request that is well formed but breaks a business rule (payment above the balance). */
  UNPROCESSABLE: "UNPROCESSABLE",
  RATE_LIMITED: "RATE_LIMITED",
  INTERNAL: "INTERNAL_ERROR",
  /** A payment provider (PayPal, M-Pesa) refused or failed a call. */
  PAYMENT_PROVIDER: "PAYMENT_PROVIDER_ERROR",
  /** A feature whose settings this installation lacks (a payment provider). */
  NOT_CONFIGURED: "NOT_CONFIGURED",
  /** KRA eTIMS answered and refused (a KRA result code other than 000, e.g. 901 unknown device) (422). */
  ETIMS_REFUSED: "ETIMS_REFUSED",
  /** KRA eTIMS could not be reached, did not answer in time or failed (5xx) (502). */
  ETIMS_UNAVAILABLE: "ETIMS_UNAVAILABLE",
  // Specific conditions, so that callers branch on a code and never on a message's text.
  /** The till's expected total no longer matches the server's prices (409). */
  PRICES_CHANGED: "PRICES_CHANGED",
  /** A sale, edit or transfer wants more units than the shelf holds (409). */
  INSUFFICIENT_STOCK: "INSUFFICIENT_STOCK",
  /** A credit payment above the balance still owed (422). */
  CREDIT_OVERPAYMENT: "CREDIT_OVERPAYMENT",
  /** A credit sale that would take the customer above their credit limit (422); the owner may override. */
  CREDIT_LIMIT_EXCEEDED: "CREDIT_LIMIT_EXCEEDED",
  /** Moving more of a supply into stock than is left in the supply store (422). */
  SUPPLY_TRANSFER_EXCEEDS: "SUPPLY_TRANSFER_EXCEEDS",
  /** A payment towards a supply that is already paid in full (409). */
  SUPPLY_CLEARED: "SUPPLY_CLEARED",
  /**
   * A Manager's edit that would put a sale on credit, raise its credit, or change who owes it:
   * only the owner may (403). permissions/sales.ts, saleEditNeedsOwner.
   */
  SALE_CREDIT_OWNER_ONLY: "SALE_CREDIT_OWNER_ONLY",
  /** A discount or price override beyond the cashier's limit without the owner's PIN (403; the message names the limit). */
  DISCOUNT_LIMIT: "DISCOUNT_LIMIT",
  /** An Idempotency-Key sent again with a different request (422). */
  IDEMPOTENCY_KEY_REUSED: "IDEMPOTENCY_KEY_REUSED",
  /** A plan switch while a payment of the subscription is still pending (409): it is bound to the plan it was asked for. */
  PAYMENT_PENDING: "PAYMENT_PENDING",
  /** Money arrived for a subscription support cancelled: recorded and flagged for refund, nothing activated (409). */
  PAYMENT_FLAGGED_FOR_REFUND: "PAYMENT_FLAGGED_FOR_REFUND",
  /** Provider support tried to change data inside a business without the owner's support access (403). */
  SUPPORT_ACCESS_REQUIRED: "SUPPORT_ACCESS_REQUIRED",
  /** Dispensing a medicine the patient has a recorded allergy to: confirm to go on (409). */
  ALLERGY_WARNING: "ALLERGY_WARNING",
  /** Only expired batches of a medicine are left to dispense from (409). */
  BATCH_EXPIRED: "BATCH_EXPIRED",
  /** A prescription already dispensed (or cancelled) is dispensed again (409). */
  ALREADY_DISPENSED: "ALREADY_DISPENSED",
  /** A payment above what a bill still owes: a clinic visit's, a hotel guest's or a conference's (422). */
  BILL_OVERPAYMENT: "BILL_OVERPAYMENT",
  /** A payment above an invoice's balance (422). */
  INVOICE_OVERPAYMENT: "INVOICE_OVERPAYMENT",
  /** A paid invoice (or one with a credit note) cannot be edited or cancelled: issue a credit note (409). */
  DOCUMENT_LOCKED: "DOCUMENT_LOCKED",
  /** A quotation already converted to an invoice (409). */
  QUOTATION_CONVERTED: "QUOTATION_CONVERTED",
  /** A credit note would credit more than its invoice (422). */
  CREDIT_NOTE_EXCEEDS_INVOICE: "CREDIT_NOTE_EXCEEDS_INVOICE",
  /** The database is not answering (restarting after a crash, or down): try again shortly (503). */
  DATABASE_UNAVAILABLE: "DATABASE_UNAVAILABLE",
  /** The room is already booked for some of these nights (the database's exclusion constraint) (409). */
  ROOM_ALREADY_BOOKED: "ROOM_ALREADY_BOOKED",
  /** The room is out of order and takes no bookings (409). */
  ROOM_OUT_OF_ORDER: "ROOM_OUT_OF_ORDER",
  /** A room with bookings to come cannot be deleted; set it out of order instead (409). */
  ROOM_HAS_BOOKINGS: "ROOM_HAS_BOOKINGS",
  /** Check-out with a balance still owed, without the owner's override (409). */
  BILL_BALANCE_DUE: "BILL_BALANCE_DUE",
  /** An uploaded file over the limit (5 MB): nothing is stored (413). */
  FILE_TOO_LARGE: "FILE_TOO_LARGE",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
