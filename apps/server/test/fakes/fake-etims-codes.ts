// KRA's code lists and item classifications as the fake eTIMS serves them: a small, real subset
// of each class of the OSCU specification 2.0 (tax types, countries, payment types, units...).

/** KRA's code lists as the fake serves them (a small, real subset of each class). */
export const FAKE_CODE_CLASSES = [
  {
    cdCls: "04",
    cdClsNm: "Taxation Type",
    userDfnNm1: "TaxRate",
    codes: [
      ["A", "A-Exempt", "0"],
      ["B", "B-16.00%", "16"],
      ["C", "C-0%", "0"],
      ["D", "D-Non-VAT", "0"],
      ["E", "E-8%", "8"],
    ],
  },
  {
    cdCls: "05",
    cdClsNm: "Country",
    codes: [
      ["KE", "KENYA"],
      ["UG", "UGANDA"],
      ["TZ", "TANZANIA"],
      ["CN", "CHINA"],
    ],
  },
  {
    cdCls: "07",
    cdClsNm: "Payment Type",
    codes: [
      ["01", "CASH"],
      ["02", "CREDIT"],
      ["03", "CASH/CREDIT"],
      ["04", "BANK CHECK"],
      ["05", "DEBIT&CREDIT CARD"],
      ["06", "MOBILE MONEY"],
      ["07", "OTHER"],
    ],
  },
  {
    cdCls: "10",
    cdClsNm: "Quantity Unit",
    codes: [
      ["U", "Pieces/item [Number]"],
      ["KG", "Kilo-Gramme"],
      ["L", "Litre"],
      ["BA", "Barrel"],
    ],
  },
  {
    cdCls: "11",
    cdClsNm: "Sale Status",
    codes: [
      ["01", "Wait for Approval"],
      ["02", "Approved"],
      ["03", "Cancel Requested"],
      ["04", "Canceled"],
      ["05", "Credit Note Generated"],
      ["06", "Transferred"],
    ],
  },
  {
    cdCls: "12",
    cdClsNm: "Stock I/O Type",
    codes: [
      ["01", "Import"],
      ["02", "Purchase"],
      ["03", "Return"],
      ["04", "Stock Movement"],
      ["05", "Processing"],
      ["06", "Adjustment"],
      ["11", "Sale"],
      ["12", "Return"],
      ["13", "Stock Movement"],
      ["14", "Processing"],
      ["15", "Discarding"],
      ["16", "Adjustment"],
    ],
  },
  {
    cdCls: "17",
    cdClsNm: "Packing Unit",
    codes: [
      ["NT", "NET"],
      ["BG", "Bag"],
      ["BX", "Box"],
      ["BO", "Bottle"],
    ],
  },
  {
    cdCls: "24",
    cdClsNm: "Item Type",
    codes: [
      ["1", "Raw Material"],
      ["2", "Finished Product"],
      ["3", "Service"],
    ],
  },
  {
    cdCls: "32",
    cdClsNm: "Refund Reason",
    codes: [
      ["01", "Missing Quantity"],
      ["02", "Missing data"],
      ["03", "Damaged"],
      ["04", "Wasted"],
      ["05", "Raw Material Shortage"],
      ["06", "Refund"],
    ],
  },
] as const;

export const FAKE_ITEM_CLASSES = [
  { itemClsCd: "5020230100", itemClsNm: "Soft drinks", itemClsLvl: 4, taxTyCd: "B", mjrTgYn: "N", useYn: "Y" },
  { itemClsCd: "5010150100", itemClsNm: "Maize flour", itemClsLvl: 4, taxTyCd: "A", mjrTgYn: "N", useYn: "Y" },
  { itemClsCd: "5059690800", itemClsNm: "Other food products", itemClsLvl: 5, taxTyCd: "B", mjrTgYn: "N", useYn: "Y" },
  { itemClsCd: "1511150100", itemClsNm: "Petrol", itemClsLvl: 4, taxTyCd: "E", mjrTgYn: "N", useYn: "Y" },
  {
    itemClsCd: "9999999999",
    itemClsNm: "Services not elsewhere classified",
    itemClsLvl: 1,
    taxTyCd: null,
    mjrTgYn: null,
    useYn: "Y",
  },
];

/** Whether `code` is a code of class `cdCls` the fake serves. */
export const hasCode = (cdCls: string, code: unknown) =>
  FAKE_CODE_CLASSES.some((c) => c.cdCls === cdCls && c.codes.some(([cd]) => cd === code));

/** selectCodeList's clsList: each class with its codes (dtlList), as the specification shapes it. */
export const codeListData = () =>
  FAKE_CODE_CLASSES.map((c) => ({
    cdCls: c.cdCls,
    cdClsNm: c.cdClsNm,
    cdClsDesc: null,
    useYn: "Y",
    userDfnNm1: "userDfnNm1" in c ? c.userDfnNm1 : null,
    userDfnNm2: null,
    userDfnNm3: null,
    dtlList: c.codes.map((code, i) => ({
      cd: code[0],
      cdNm: code[1],
      cdDesc: code[1],
      useYn: "Y",
      srtOrd: i + 1,
      userDfnCd1: code.length > 2 ? code[2] : null,
      userDfnCd2: null,
      userDfnCd3: null,
    })),
  }));
