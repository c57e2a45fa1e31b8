import type { DocumentLanguage } from "@app/shared/printing/receipt-text";

/**
 * The words of the PDFs the server makes (payslips, invoices, quotations, credit notes, Z
 * reports), in the language asked for: the user's (the web app sends it as Accept-Language).
 * There is no per-business "language for customers" setting (it would need a migration), so a
 * document is written in the language of the user who prints it. English is the source: a PDF
 * writes `w("Net pay")`, and Swahili reads it here (docs/glossary.md for the words).
 */
const SW: Record<string, string> = {
  // Payslips
  Payslip: "Hati ya mshahara",
  "Payslip for": "Hati ya mshahara ya",
  Employee: "Mfanyakazi",
  Occupation: "Kazi",
  "ID number": "Namba ya kitambulisho",
  "KRA PIN": "PIN ya KRA",
  "NSSF number": "Namba ya NSSF",
  "SHA number": "Namba ya SHA",
  "Paid to": "Inalipwa kwa",
  Earnings: "Mapato",
  "Basic pay": "Mshahara wa msingi",
  Commissions: "Kamisheni",
  "Gross pay": "Mshahara kamili",
  Deductions: "Makato",
  "NSSF tier I": "NSSF daraja la I",
  "NSSF tier II": "NSSF daraja la II",
  SHIF: "SHIF",
  "Affordable Housing Levy": "Tozo ya Nyumba za Bei Nafuu",
  PAYE: "PAYE",
  "Total deductions": "Jumla ya makato",
  "PAYE working": "Jinsi PAYE ilivyokokotolewa",
  "Allowable deductions (pension, SHIF, AHL)": "Makato yanayokubalika (pensheni, SHIF, AHL)",
  "Taxable pay": "Mshahara unaotozwa kodi",
  "Tax at": "Kodi ya",
  on: "kwa",
  "Tax charged": "Kodi iliyotozwa",
  "Personal relief": "Msamaha wa kibinafsi",
  "Insurance relief": "Msamaha wa bima",
  "Affordable housing relief": "Msamaha wa nyumba za bei nafuu",
  "Net pay": "Mshahara halisi",
  "Net pay (KES)": "Mshahara halisi (KES)",
  "Employer contributions (not deducted from pay)": "Michango ya mwajiri (haikatwi kwenye mshahara)",
  "NSSF employer": "NSSF ya mwajiri",
  "Affordable Housing Levy employer": "Tozo ya Nyumba za Bei Nafuu ya mwajiri",
  "NITA levy": "Tozo ya NITA",
  "Cost to employer": "Gharama kwa mwajiri",
  "Statutory rules": "Kanuni za kisheria",
  "Payroll status": "Hali ya mishahara",
  "Amounts in KES.": "Kiasi kwa KES.",
  draft: "rasimu",
  approved: "imeidhinishwa",
  paid: "imelipwa",
  // Invoices, quotations, credit notes
  "TAX INVOICE": "ANKARA YA KODI",
  QUOTATION: "KWOTESHENI",
  "CREDIT NOTE": "HATI YA MAREJESHO",
  "not set": "haijawekwa",
  "VAT registered": "Imesajiliwa kwa VAT",
  "Not registered for VAT": "Haijasajiliwa kwa VAT",
  Date: "Tarehe",
  Due: "Mwisho wa kulipa",
  "Valid until": "Inatumika hadi",
  Status: "Hali",
  overdue: "imechelewa",
  "Quotation for": "Kwotesheni kwa",
  "Bill to": "Ankara kwa",
  "Credit note for": "Hati ya marejesho ya",
  "From quotation": "Kutoka kwotesheni",
  "Converted to": "Imegeuzwa kuwa",
  Reason: "Sababu",
  Description: "Maelezo",
  Qty: "Idadi",
  "Unit price": "Bei ya kipimo",
  Tax: "Kodi",
  "Amount (KES)": "Kiasi (KES)",
  Band: "Kundi",
  Rate: "Kiwango",
  "Taxable amount": "Kiasi kinachotozwa kodi",
  VAT: "VAT",
  Total: "Jumla",
  "Total VAT": "Jumla ya VAT",
  Credited: "Kilichorejeshwa",
  Paid: "Kilicholipwa",
  "Balance due": "Salio linalodaiwa",
  Payments: "Malipo",
  Refund: "Marejesho ya pesa",
  Payment: "Malipo",
  Cash: "Pesa taslimu",
  "Bank Transfer": "Uhamisho wa benki",
  Credit: "Mkopo",
  "Pay us by": "Tulipe kupitia",
  "Prices include VAT. VAT is worked out per line from the VAT-inclusive amount and rounded to the nearest cent (half up). Amounts in KES.":
    "Bei zinajumuisha VAT. VAT inakokotolewa kwa kila mstari kutoka kiasi kinachojumuisha VAT na kuzungushwa hadi senti iliyo karibu (nusu juu). Kiasi kwa KES.",
  "VAT per tax band (prices include VAT)": "VAT kwa kila kundi la kodi (bei zinajumuisha VAT)",
  "How to pay": "Jinsi ya kulipa",
  Notes: "Maelezo",
  Invoice: "Ankara",
  Quotation: "Kwotesheni",
  "Credit note": "Hati ya marejesho",
  Exempt: "Msamaha",
  "VAT 16%": "VAT 16%",
  "Zero-rated 0%": "Kiwango sifuri 0%",
  "Non-VAT": "Bila VAT",
  "VAT 8%": "VAT 8%",
  "eTIMS: not connected": "eTIMS: haijaunganishwa",
  "eTIMS: not required": "eTIMS: haihitajiki",
  "eTIMS: pending": "eTIMS: inasubiri",
  "eTIMS: signed": "eTIMS: imesainiwa",
  "eTIMS: failed": "eTIMS: imeshindikana",
  Paybill: "Paybill",
  Till: "Namba ya Till",
  Bank: "Benki",
  "M-Pesa": "M-Pesa",
  sent: "imetumwa",
  accepted: "imekubaliwa",
  converted: "imegeuzwa",
  partial: "imelipwa sehemu",
  cancelled: "imefutwa",
  issued: "imetolewa",
};

/** The word of a PDF in a language: Swahili from the table, else the English source. */
export function pdfWords(language: DocumentLanguage): (english: string) => string {
  return language === "sw" ? (english) => SW[english] ?? english : (english) => english;
}

/** A document's status ("Paid", "Open"...) as a state, in Swahili "Imelipwa", "Wazi". */
const STATUS_SW: Record<string, string> = {
  Pending: "Inasubiri",
  Partial: "Imelipwa sehemu",
  Paid: "Imelipwa",
  Credited: "Imerejeshwa",
  Cancelled: "Imefutwa",
  Open: "Wazi",
  Converted: "Imegeuzwa",
  Issued: "Imetolewa",
};
export const pdfStatus = (language: DocumentLanguage, status: string) =>
  language === "sw" ? (STATUS_SW[status] ?? status) : status;

/** Dates of a PDF in its language: Swahili month names in Swahili. */
export const pdfLocale = (language: DocumentLanguage) => (language === "sw" ? "sw-KE" : "en-KE");

/** The Swahili words, for tests that a Swahili PDF shows none of the English ones. */
export const PDF_WORDS_SW: Readonly<Record<string, string>> = SW;
