import type { EtimsState } from "../tax/vat.ts";

/**
 * The texts a printed receipt or kitchen ticket says, in each language the app speaks. Shared has
 * no lingui: the printed documents (the browser's print, ESC/POS on the server, the 80 mm PDF)
 * take the language they print in and read their words here. English is the spec's exact text;
 * Swahili uses the words of docs/glossary.md (risiti, jumla, chenji...).
 */
export const DOCUMENT_LANGUAGES = ["en", "sw"] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

/** "sw" for a Swahili request ("sw", "sw-KE", an Accept-Language led by Swahili), else English. */
export function documentLanguageOf(value: string | null | undefined): DocumentLanguage {
  return value?.trim().toLowerCase().startsWith("sw") ? "sw" : "en";
}

export type ReceiptText = {
  receipt: string;
  wholesaleOrder: string;
  servedBy: (name: string) => string;
  total: string;
  cashTendered: string;
  change: string;
  balanceOwing: string;
  customer: string;
  vatBand: string;
  exclVat: string;
  vat: string;
  totalVat: string;
  voided: string;
  thanks: string;
  /** A discounted or overridden line, the ticket's saving, a cash sale's rounding (issue 31). */
  discount: string;
  priceOverride: string;
  /** A line sold under the owner's promotion (issue 31 item 2), before its name. */
  promotion: string;
  youSaved: string;
  cashRounding: string;
  cashToPay: string;
  /** The heading of KRA's proof on a signed receipt (wide and narrow paper). */
  cuInformation: string;
  cuInformationShort: string;
  method: (method: string) => string;
  etims: Record<EtimsState, string>;
  kitchenOrder: string;
  counter: string;
  was: (quantity: number) => string;
  changed: string;
  cancel: string;
  note: string;
  bands: { A: string; B: string; C: string; D: string; E: string };
  /** Dates on printed documents, e.g. 28/11/2026, 14:05. */
  locale: string;
};

const METHODS_SW: Record<string, string> = {
  Cash: "Pesa taslimu",
  "Bank Transfer": "Uhamisho wa benki",
  Bank: "Benki",
  Credit: "Mkopo",
  Split: "Malipo mseto",
  Insurance: "Bima",
};

export const RECEIPT_TEXT: Record<DocumentLanguage, ReceiptText> = {
  en: {
    receipt: "Receipt",
    wholesaleOrder: "Wholesale order",
    servedBy: (name) => `Served by ${name}`,
    total: "TOTAL",
    cashTendered: "Cash tendered",
    change: "Change",
    balanceOwing: "Balance owing",
    customer: "Customer",
    vatBand: "VAT band",
    exclVat: "Excl. VAT",
    vat: "VAT",
    totalVat: "TOTAL VAT",
    voided: "VOIDED",
    thanks: "Thank you for shopping with us",
    discount: "Discount",
    priceOverride: "Price override",
    promotion: "Promotion",
    youSaved: "You saved",
    cashRounding: "Cash rounding",
    cashToPay: "CASH TO PAY",
    cuInformation: "CONTROL UNIT INFORMATION (KRA eTIMS)",
    cuInformationShort: "CU INFORMATION (KRA eTIMS)",
    method: (m) => m,
    etims: {
      not_required: "eTIMS: not connected",
      pending: "eTIMS: pending",
      signed: "eTIMS: signed",
      failed: "eTIMS: failed",
    },
    kitchenOrder: "KITCHEN ORDER",
    counter: "Counter",
    was: (q) => `was ${q}`,
    changed: "CHANGED",
    cancel: "CANCEL",
    note: "Note",
    bands: { A: "Exempt", B: "16%", C: "0%", D: "Non-VAT", E: "8%" },
    locale: "en-GB",
  },
  sw: {
    receipt: "Risiti",
    wholesaleOrder: "Oda ya jumla",
    servedBy: (name) => `Umehudumiwa na ${name}`,
    total: "JUMLA",
    cashTendered: "Pesa iliyotolewa",
    change: "Chenji",
    balanceOwing: "Deni lililobaki",
    customer: "Mteja",
    vatBand: "Kundi la VAT",
    exclVat: "Bila VAT",
    vat: "VAT",
    totalVat: "JUMLA YA VAT",
    voided: "IMEBATILISHWA",
    thanks: "Asante kwa kununua kwetu",
    discount: "Punguzo",
    priceOverride: "Bei iliyobadilishwa",
    promotion: "Ofa",
    youSaved: "Umeokoa",
    cashRounding: "Marekebisho ya pesa taslimu",
    cashToPay: "PESA TASLIMU YA KULIPA",
    cuInformation: "TAARIFA ZA KIFAA CHA KRA (eTIMS)",
    cuInformationShort: "KIFAA CHA KRA (eTIMS)",
    method: (m) => METHODS_SW[m] ?? m,
    etims: {
      not_required: "eTIMS: haijaunganishwa",
      pending: "eTIMS: inasubiri",
      signed: "eTIMS: imesainiwa",
      failed: "eTIMS: imeshindikana",
    },
    kitchenOrder: "ODA YA JIKONI",
    counter: "Kaunta",
    was: (q) => `awali ${q}`,
    changed: "IMEBADILIKA",
    cancel: "FUTA",
    note: "Maelezo",
    bands: { A: "Msamaha", B: "16%", C: "0%", D: "Bila VAT", E: "8%" },
    locale: "sw-KE",
  },
};
