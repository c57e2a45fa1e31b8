import { t } from "@lingui/core/macro";
import { Box, CircularProgress } from "@mui/material";
import { useLocation, useNavigate } from "react-router";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { businessDayRange, todayIn } from "@app/shared/inventory/daily-stock";
import { DatePicker } from "../../../components/date-picker.tsx";
import { useDailyStockLogsQuery } from "../api/stock-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { LoadError } from "../components/load-error.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { DailyLogTable } from "./daily-log-table.tsx";
import { dayFromNavigationState } from "./day-from-state.ts";

/**
 * /daily-logs, the Daily Stock Report (spec section 2): the day comes from navigation state
 * (default today); GET /api/products/dailystock/log with the start and end of that business day.
 */
export default function DailyLogsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { businessId, business } = useInventoryAccess();
  const timeZone = business?.timeZone ?? DEFAULT_TIME_ZONE;
  const day = dayFromNavigationState(location.state, timeZone);
  const {
    currentData: data,
    isFetching,
    isError,
    error,
    refetch,
  } = useDailyStockLogsQuery({ businessId, ...businessDayRange(day, timeZone) }, { skip: !businessId });
  // The chosen day goes back into navigation state, so a reload or Back shows the same day.
  const choose = (next: string) =>
    void navigate(location.pathname, { state: { ...(location.state as object | null), date: next }, replace: true });
  return (
    <InventoryPage
      title={t`Daily Stock Report`}
      actions={<DatePicker label={t`Date`} day={day} onChange={choose} maxDay={todayIn(timeZone)} />}
    >
      {isError ? (
        <LoadError error={error} what={t`The stock logs could not be loaded.`} onRetry={() => void refetch()} />
      ) : isFetching && !data ? (
        <Box sx={{ display: "grid", placeItems: "center", p: 6 }}>
          <CircularProgress aria-label={t`Loading stock logs`} />
        </Box>
      ) : (
        <DailyLogTable key={day} logs={data ?? []} />
      )}
    </InventoryPage>
  );
}
