import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { Alert, Box, Button, FormControlLabel, Skeleton, Switch, TextField } from "@mui/material";
import { toast } from "react-toastify";
import { describeError } from "../../../api/errors.ts";
import { pathTo } from "../../../lib/paths.ts";
import { useBookingPageQuery, useSetBookingPageMutation } from "../rooms-api.ts";
import { useHotel } from "./use-hotel.ts";

/** The address of the hotel's public booking page, to share; the owner opens or closes it. */
export function BookingPageLink() {
  const { businessId, isAdmin } = useHotel();
  const { data, isError, error } = useBookingPageQuery(businessId, { skip: !businessId });
  const [setPage, { isLoading }] = useSetBookingPageMutation();
  if (isError) return <Alert severity="error">{describeError(error).message}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={56} />;
  const url = `${window.location.origin}${pathTo("/book/:code", { code: data.code })}`;
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
      <TextField
        size="small"
        label={t`Online booking page`}
        value={url}
        slotProps={{ htmlInput: { readOnly: true, "data-testid": "booking-page-url" } }}
        sx={{ flex: "1 1 320px", maxWidth: 560 }}
        onFocus={(e) => e.target.select()}
      />
      <Button
        startIcon={<ContentCopyIcon />}
        onClick={() =>
          void navigator.clipboard?.writeText(url).then(
            () => toast.success(t`Link copied`),
            () => toast.error(t`Could not copy: select the link and copy it`),
          )
        }
      >
        <Trans>Copy</Trans>
      </Button>
      <Button startIcon={<OpenInNewIcon />} href={url} target="_blank" rel="noopener">
        <Trans>Open</Trans>
      </Button>
      {isAdmin && (
        <FormControlLabel
          control={
            <Switch
              checked={data.enabled}
              disabled={isLoading}
              onChange={(e) => void setPage({ businessId, enabled: e.target.checked })}
            />
          }
          label={data.enabled ? t`Open to guests` : t`Closed`}
        />
      )}
      {!data.enabled && (
        <Alert severity="warning" sx={{ flexBasis: "100%" }}>
          <Trans>The page is closed: guests who open the link are told it is not open.</Trans>
        </Alert>
      )}
    </Box>
  );
}
