import type { Localization } from "@mui/material/locale";
import type { GridLocaleText } from "@mui/x-data-grid";
import type { PickersLocaleText } from "@mui/x-date-pickers";

/**
 * Swahili of MUI's own texts (MUI ships no Swahili locale): the pagers ("Rows per page:",
 * "0–0 of 0"), the data grid's toolbar, menus and overlays, the date pickers (their calendar's
 * month and day names: date-fns-sw.ts). Applied with the theme when the app is in
 * Swahili (src/lib/i18n/mui-locale.ts). Words as in docs/glossary.md.
 */

const number = (n: number) => n.toLocaleString("en-KE");

const displayedRows = ({ from, to, count }: { from: number; to: number; count: number }) =>
  `${number(from)}–${number(to)} kati ya ${count !== -1 ? number(count) : `zaidi ya ${number(to)}`}`;

const pageAriaLabel = (type: string) => {
  if (type === "first") return "Nenda ukurasa wa kwanza";
  if (type === "last") return "Nenda ukurasa wa mwisho";
  if (type === "next") return "Nenda ukurasa unaofuata";
  if (type === "previous") return "Nenda ukurasa uliotangulia";
  return "Nenda ukurasa";
};

/** @mui/material's components (TablePagination, Pagination, Autocomplete, Alert, Rating...). */
export const muiCoreSw: Localization = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: "Onyesha njia" } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: pageAriaLabel,
        labelRowsPerPage: "Safu kwa kila ukurasa:",
        labelDisplayedRows: displayedRows,
      },
    },
    MuiRating: {
      defaultProps: {
        getLabelText: (value: number) => `Nyota ${value}`,
        emptyLabelText: "Tupu",
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: "Futa",
        closeText: "Funga",
        loadingText: "Inapakia…",
        noOptionsText: "Hakuna chaguo",
        openText: "Fungua",
      },
    },
    MuiAlert: { defaultProps: { closeText: "Funga" } },
    MuiPagination: {
      defaultProps: {
        "aria-label": "Kurasa",
        getItemAriaLabel: (type: string, page: number | null, selected: boolean) => {
          if (type === "page") return `${selected ? "" : "Nenda "}ukurasa ${page ?? ""}`.trim();
          return pageAriaLabel(type);
        },
      },
    },
  },
};

/** The data grid's texts: pager, toolbar, column menu, filters, selection, overlays. */
export const dataGridSw: Partial<GridLocaleText> = {
  noRowsLabel: "Hakuna safu",
  noResultsOverlayLabel: "Hakuna kilichopatikana.",
  noColumnsOverlayLabel: "Hakuna safu wima",
  noColumnsOverlayManageColumns: "Panga safu wima",
  toolbarDensity: "Msongamano",
  toolbarDensityLabel: "Msongamano",
  toolbarDensityCompact: "Finyu",
  toolbarDensityStandard: "Kawaida",
  toolbarDensityComfortable: "Pana",
  toolbarUndo: "Tendua",
  toolbarRedo: "Rudia",
  toolbarColumns: "Safu wima",
  toolbarColumnsLabel: "Chagua safu wima",
  toolbarFilters: "Vichujio",
  toolbarFiltersLabel: "Onyesha vichujio",
  toolbarFiltersTooltipHide: "Ficha vichujio",
  toolbarFiltersTooltipShow: "Onyesha vichujio",
  toolbarFiltersTooltipActive: (count) => `Vichujio ${count} vinatumika`,
  toolbarQuickFilterPlaceholder: "Tafuta…",
  toolbarQuickFilterLabel: "Tafuta",
  toolbarQuickFilterDeleteIconLabel: "Futa",
  toolbarExport: "Hamisha",
  toolbarExportLabel: "Hamisha",
  toolbarExportCSV: "Pakua kama CSV",
  toolbarExportPrint: "Chapisha",
  toolbarExportExcel: "Pakua kama Excel",
  columnsManagementSearchTitle: "Tafuta",
  columnsManagementNoColumns: "Hakuna safu wima",
  columnsManagementShowHideAllText: "Onyesha/Ficha zote",
  columnsManagementReset: "Rudisha",
  columnsManagementDeleteIconLabel: "Futa",
  filterPanelAddFilter: "Ongeza kichujio",
  filterPanelRemoveAll: "Ondoa vyote",
  filterPanelDeleteIconLabel: "Futa",
  filterPanelLogicOperator: "Kiunganishi",
  filterPanelOperator: "Kigezo",
  filterPanelOperatorAnd: "Na",
  filterPanelOperatorOr: "Au",
  filterPanelColumn: "Safu wima",
  filterPanelInputLabel: "Thamani",
  filterPanelInputPlaceholder: "Thamani ya kuchuja",
  filterOperatorContains: "ina",
  filterOperatorDoesNotContain: "haina",
  filterOperatorEquals: "ni sawa na",
  filterOperatorDoesNotEqual: "si sawa na",
  filterOperatorStartsWith: "inaanza na",
  filterOperatorEndsWith: "inaishia na",
  filterOperatorIs: "ni",
  filterOperatorNot: "si",
  filterOperatorAfter: "ni baada ya",
  filterOperatorOnOrAfter: "ni siku hiyo au baada",
  filterOperatorBefore: "ni kabla ya",
  filterOperatorOnOrBefore: "ni siku hiyo au kabla",
  filterOperatorIsEmpty: "ni tupu",
  filterOperatorIsNotEmpty: "si tupu",
  filterOperatorIsAnyOf: "ni mojawapo ya",
  filterValueAny: "yoyote",
  filterValueTrue: "ndiyo",
  filterValueFalse: "hapana",
  columnMenuLabel: "Menyu",
  columnMenuAriaLabel: (columnName) => `Menyu ya safu wima ${columnName}`,
  columnMenuShowColumns: "Onyesha safu wima",
  columnMenuManageColumns: "Panga safu wima",
  columnMenuFilter: "Chuja",
  columnMenuHideColumn: "Ficha safu wima",
  columnMenuUnsort: "Ondoa mpangilio",
  columnMenuSortAsc: "Panga kwa kupanda",
  columnMenuSortDesc: "Panga kwa kushuka",
  columnHeaderFiltersTooltipActive: (count) => `Vichujio ${count} vinatumika`,
  columnHeaderFiltersLabel: "Onyesha vichujio",
  columnHeaderSortIconLabel: "Panga",
  footerRowSelected: (count) => (count !== 1 ? `Safu ${number(count)} zimechaguliwa` : `Safu 1 imechaguliwa`),
  footerTotalRows: "Jumla ya safu:",
  footerTotalVisibleRows: (visibleCount, totalCount) => `${number(visibleCount)} kati ya ${number(totalCount)}`,
  checkboxSelectionHeaderName: "Kuchagua",
  checkboxSelectionSelectAllRows: "Chagua safu zote",
  checkboxSelectionUnselectAllRows: "Acha kuchagua safu zote",
  checkboxSelectionSelectRow: "Chagua safu",
  checkboxSelectionUnselectRow: "Acha kuchagua safu",
  booleanCellTrueLabel: "ndiyo",
  booleanCellFalseLabel: "hapana",
  longTextCellExpandLabel: "Panua",
  longTextCellCollapseLabel: "Kunja",
  actionsCellMore: "zaidi",
  pinToLeft: "Bandika kushoto",
  pinToRight: "Bandika kulia",
  unpin: "Bandua",
  detailPanelToggle: "Onyesha au ficha maelezo",
  expandDetailPanel: "Panua",
  collapseDetailPanel: "Kunja",
  paginationRowsPerPage: "Safu kwa kila ukurasa:",
  paginationDisplayedRows: ({ from, to, count, estimated }) => {
    const unknown = count == null || count === -1;
    const more = estimated && estimated > to ? `takriban ${number(estimated)}` : `zaidi ya ${number(to)}`;
    return `${number(from)}–${number(to)} kati ya ${unknown ? more : number(count)}`;
  },
  paginationItemAriaLabel: (type) => pageAriaLabel(type),
};

/** The date pickers' texts. */
export const pickersSw: Partial<PickersLocaleText> = {
  previousMonth: "Mwezi uliopita",
  nextMonth: "Mwezi ujao",
  openPreviousView: "Fungua mwonekano uliopita",
  openNextView: "Fungua mwonekano unaofuata",
  calendarViewSwitchingButtonAriaLabel: (view) =>
    view === "year" ? "mwonekano wa mwaka uko wazi, badili kwenda kalenda" : "kalenda iko wazi, badili kwenda miaka",
  start: "Mwanzo",
  end: "Mwisho",
  startDate: "Tarehe ya kuanza",
  startTime: "Saa ya kuanza",
  endDate: "Tarehe ya mwisho",
  endTime: "Saa ya mwisho",
  cancelButtonLabel: "Ghairi",
  clearButtonLabel: "Futa",
  okButtonLabel: "Sawa",
  todayButtonLabel: "Leo",
  nextStepButtonLabel: "Endelea",
  datePickerToolbarTitle: "Chagua tarehe",
  dateTimePickerToolbarTitle: "Chagua tarehe na saa",
  timePickerToolbarTitle: "Chagua saa",
  dateRangePickerToolbarTitle: "Chagua kipindi",
  clockLabelText: (view, formattedTime) =>
    `Chagua ${viewName(view)}. ${formattedTime ? `Saa iliyochaguliwa ni ${formattedTime}` : "Hakuna saa iliyochaguliwa"}`,
  hoursClockNumberText: (hours) => `saa ${hours}`,
  minutesClockNumberText: (minutes) => `dakika ${minutes}`,
  secondsClockNumberText: (seconds) => `sekunde ${seconds}`,
  selectViewText: (view) => `Chagua ${viewName(view)}`,
  calendarWeekNumberHeaderLabel: "Namba ya wiki",
  calendarWeekNumberHeaderText: "#",
  calendarWeekNumberAriaLabelText: (weekNumber) => `Wiki ${weekNumber}`,
  calendarWeekNumberText: (weekNumber) => `${weekNumber}`,
  openDatePickerDialogue: (formattedDate) =>
    formattedDate ? `Chagua tarehe, tarehe iliyochaguliwa ni ${formattedDate}` : "Chagua tarehe",
  openTimePickerDialogue: (formattedTime) =>
    formattedTime ? `Chagua saa, saa iliyochaguliwa ni ${formattedTime}` : "Chagua saa",
  fieldClearLabel: "Futa",
  timeTableLabel: "chagua saa",
  dateTableLabel: "chagua tarehe",
  fieldYearPlaceholder: (params) => "M".repeat(params.digitAmount),
  fieldMonthPlaceholder: (params) => (params.contentType === "letter" ? "MMMM" : "MM"),
  fieldDayPlaceholder: () => "SS",
  fieldWeekDayPlaceholder: (params) => (params.contentType === "letter" ? "EEEE" : "EE"),
  fieldHoursPlaceholder: () => "hh",
  fieldMinutesPlaceholder: () => "mm",
  fieldSecondsPlaceholder: () => "ss",
  fieldMeridiemPlaceholder: () => "aa",
  year: "Mwaka",
  month: "Mwezi",
  day: "Siku",
  weekDay: "Siku ya wiki",
  hours: "Saa",
  minutes: "Dakika",
  seconds: "Sekunde",
  meridiem: "Asubuhi/Mchana",
  empty: "Tupu",
};

function viewName(view: string): string {
  return (
    { year: "mwaka", month: "mwezi", day: "siku", hours: "saa", minutes: "dakika", seconds: "sekunde" }[view] ?? view
  );
}
