import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { Box, Button, IconButton, TextField, Typography } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import { CentsField } from "../../../components/cents-field.tsx";
import { DeliveryLineRow as Row } from "./delivery-line-row.tsx";
import { lineTotal, type CommodityLine, type FieldError } from "./delivery-lines.ts";

type Props = { commodities: CommodityLine[]; err: FieldError; onChange: (commodities: CommodityLine[]) => void };

/** The delivery's commodities (bought, not sold): name, unit, quantity, unit cost, and Add a commodity. */
export function DeliveryCommodityLines({ commodities, err, onChange: setCommodities }: Props) {
  const setCommodity = (i: number, patch: Partial<CommodityLine>) =>
    setCommodities(commodities.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <>
      {commodities.map((l, i) => (
        <Row key={i}>
          <TextField
            size="small"
            label={t`Commodity`}
            value={l.name}
            onChange={(e) => setCommodity(i, { name: e.target.value })}
            error={Boolean(err(`commodities.${i}.name`))}
            helperText={err(`commodities.${i}.name`)}
            sx={{ flex: 1, minWidth: 160 }}
          />
          <TextField
            size="small"
            label={t`Unit`}
            value={l.unit}
            placeholder="pcs"
            onChange={(e) => setCommodity(i, { unit: e.target.value })}
            sx={{ width: 90 }}
          />
          <TextField
            size="small"
            label={t`Quantity`}
            value={l.quantity}
            onChange={(e) => setCommodity(i, { quantity: e.target.value.replace(/[^\d-]/g, "") })}
            error={Boolean(err(`commodities.${i}.quantity`))}
            helperText={err(`commodities.${i}.quantity`)}
            slotProps={{ htmlInput: { inputMode: "numeric", "aria-label": t`Quantity of commodity ${i + 1}` } }}
            sx={{ width: 100 }}
          />
          <CentsField
            size="small"
            label={t`Unit cost`}
            value={l.unitCost}
            onChange={(v) => setCommodity(i, { unitCost: v })}
            error={Boolean(err(`commodities.${i}.unitCost`))}
            helperText={err(`commodities.${i}.unitCost`)}
            sx={{ width: 160 }}
            slotProps={{ htmlInput: { "aria-label": t`Unit cost of commodity ${i + 1}` } }}
          />
          <Typography sx={{ width: 130, pt: 1, textAlign: "right" }}>{formatKES(lineTotal(l))}</Typography>
          <IconButton
            aria-label={t`Remove commodity ${i + 1}`}
            onClick={() => setCommodities(commodities.filter((_l, j) => j !== i))}
          >
            <DeleteIcon />
          </IconButton>
        </Row>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          size="small"
          onClick={() => setCommodities([...commodities, { name: "", unit: "", quantity: "1", unitCost: "" }])}
        >
          <Trans>Add a commodity</Trans>
        </Button>
      </Box>
    </>
  );
}
