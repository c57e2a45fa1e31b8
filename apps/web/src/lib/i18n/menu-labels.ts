import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { i18n } from "./i18n.ts";

/** The menu's labels (packages/shared/src/permissions/menu.ts, in English) as messages. */
export const MENU_LABELS: Record<string, MessageDescriptor> = {
  Home: msg`Home`,
  "HR Department": msg`HR Department`,
  Customers: msg`Customers`,
  Inventory: msg`Inventory`,
  Pharmacy: msg`Pharmacy`,
  POS: msg`POS`,
  Prescriptions: msg`Prescriptions`,
  Sales: msg`Sales`,
  Wholesale: msg`Wholesale`,
  Orders: msg`Orders`,
  "Older Sales": msg`Older Sales`,
  "Sales Documents": msg`Sales Documents`,
  Invoices: msg`Invoices`,
  Quotations: msg`Quotations`,
  Receipts: msg`Receipts`,
  Transactions: msg`Transactions`,
  Expenses: msg`Expenses`,
  Rooms: msg`Rooms`,
  Payroll: msg`Payroll`,
  Reports: msg`Reports`,
  Summary: msg`Summary`,
  Clinic: msg`Clinic`,
  Reception: msg`Reception`,
  Consultation: msg`Consultation`,
  "Patient Records": msg`Patient Records`,
  Lab: msg`Lab`,
  "Clinic Reports": msg`Clinic Reports`,
  Requests: msg`Requests`,
  Subscription: msg`Subscription`,
  "Failed Jobs": msg`Failed Jobs`,
  Supplies: msg`Supplies`,
  "My Account": msg`My Account`,
  Settings: msg`Settings`,
  Logout: msg`Logout`,
  "Account Inactive": msg`Account Inactive`,
};

/** A menu label in the current language (the English label when it has no message). */
export function menuLabel(label: string): string {
  const descriptor = MENU_LABELS[label];
  return descriptor ? i18n._(descriptor) : label;
}
