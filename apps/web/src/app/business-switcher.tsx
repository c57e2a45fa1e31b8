import { t } from "@lingui/core/macro";
import { MenuItem, TextField } from "@mui/material";

type Props = {
  value: string;
  businesses: { _id: string; name: string }[];
  onChoose: (id: string) => void;
};

/**
 * The app bar's business switch, for a user of more than one business. Its own file, loaded
 * only for them: TextField's select (Menu, Popover) is 13 KB gzip of every signed-in first load.
 */
export function BusinessSwitcher({ value, businesses, onChoose }: Props) {
  return (
    <TextField
      select
      size="small"
      value={value}
      onChange={(e) => onChoose(e.target.value)}
      sx={{ minWidth: { xs: 0, sm: 200 }, flexShrink: 1, bgcolor: "background.paper", borderRadius: 1 }}
      slotProps={{
        htmlInput: { "data-testid": "business-switcher" },
        select: {
          inputProps: { "aria-label": t`Current business` },
          SelectDisplayProps: { "aria-label": t`Current business` },
        },
      }}
    >
      {businesses.map((b) => (
        <MenuItem key={b._id} value={b._id}>
          {b.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
