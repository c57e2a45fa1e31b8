import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from "@mui/material";
import { formatPlanPrice } from "@app/shared/subscriptions/billing";
import type { Plan } from "@app/shared/subscriptions/plan";
import { useSearchPaging } from "../../../components/paged-grid.tsx";
import { useListOfferedPlansInfiniteQuery } from "../subscriptions-api.ts";

/**
 * Step 1's plan choice: the plans on offer, newest first, searched by the server (name or
 * description) and loaded a page at a time with "Show more plans", so every plan can be reached
 * however many there are. The chosen plan stays listed (first) while a search would hide it.
 */
export function PlanPicker({ chosen, onChoose }: { chosen: Plan | null; onChoose: (plan: Plan) => void }) {
  const search = useSearchPaging();
  const { data, isError, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useListOfferedPlansInfiniteQuery({ q: search.q || undefined });
  const found = data?.pages.flatMap((p) => p.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  const shown = chosen && !found.some((p) => p._id === chosen._id) ? [chosen, ...found] : found;

  return (
    <Box>
      <TextField
        size="small"
        fullWidth
        placeholder={t`Search plans`}
        value={search.text}
        onChange={(e) => search.setText(e.target.value)}
        sx={{ mb: 1.5 }}
        slotProps={{
          htmlInput: { "aria-label": t`Search plans` },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {isError && (
        <Alert severity="error">
          <Trans>The plans could not be loaded.</Trans>
        </Alert>
      )}
      {data &&
        !total &&
        (search.q ? (
          <Alert severity="info">
            <Trans>No plan on offer matches “{search.q}”.</Trans>
          </Alert>
        ) : (
          <Alert severity="info">
            <Trans>No plan is on offer. Create one on the Plans tab first.</Trans>
          </Alert>
        ))}
      <RadioGroup
        value={chosen?._id ?? ""}
        onChange={(e) => onChoose(shown.find((p) => p._id === e.target.value)!)}
        aria-label={t`Plan`}
      >
        {shown.map((p) => (
          <FormControlLabel
            key={p._id}
            value={p._id}
            control={<Radio />}
            sx={{
              border: 1,
              borderColor: p._id === chosen?._id ? "primary.main" : "divider",
              borderRadius: 1,
              mx: 0,
              mb: 1,
              pr: 2,
            }}
            label={
              <Box sx={{ py: 0.5 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {p.name} · {formatPlanPrice(p.price, p.currency, p.billingCycle)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.description}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {isFetching && !isFetchingNextPage && <CircularProgress size={20} aria-label={t`Loading plans`} />}
      {hasNextPage && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
          <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            <Trans>Show more plans</Trans>
          </Button>
          <Typography variant="body2" color="text.secondary">
            <Trans>
              {found.length} of {total} shown
            </Trans>
          </Typography>
        </Box>
      )}
    </Box>
  );
}
