import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Autocomplete, Button, Stack, TextField, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { useState } from "react";
import { Link } from "react-router";
import type { Client } from "@app/shared/sales-documents/client";
import { pathTo } from "../../../lib/paths.ts";
import { useListClientsQuery } from "../documents-api.ts";

type Props = {
  businessId: string;
  clientId: string;
  customerName: string;
  error?: string;
  onChange: (party: { clientId: string; customerName: string }) => void;
};

/** Who the document is for: a client of the business (with their KRA PIN) or a walk-in named here. */
export function PartyPicker({ businessId, clientId, customerName, error, onChange }: Props) {
  const { data: clients = [], isLoading } = useListClientsQuery({ businessId });
  const [mode, setMode] = useState<"client" | "walkIn">(clientId || !customerName ? "client" : "walkIn");
  const chosen = clients.find((c) => c._id === clientId) ?? null;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_e, v: "client" | "walkIn" | null) => {
            if (!v) return;
            setMode(v);
            onChange({ clientId: "", customerName: "" });
          }}
        >
          <ToggleButton value="client">{t`Client`}</ToggleButton>
          <ToggleButton value="walkIn">{t`Walk-in`}</ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" component={Link} to={pathTo("/client/newClient")}>
          <Trans>New client</Trans>
        </Button>
      </Stack>
      {mode === "client" ? (
        <Autocomplete<Client>
          options={clients}
          loading={isLoading}
          value={chosen}
          getOptionLabel={(c) => (c.kraPin ? `${c.companyName} (${c.kraPin})` : c.companyName)}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          onChange={(_e, c) => onChange({ clientId: c?._id ?? "", customerName: "" })}
          renderInput={(params) => (
            <TextField {...params} size="small" label={t`Client`} error={Boolean(error)} helperText={error} />
          )}
        />
      ) : (
        <TextField
          size="small"
          label={t`Walk-in customer's name`}
          value={customerName}
          onChange={(e) => onChange({ clientId: "", customerName: e.target.value })}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    </Stack>
  );
}
