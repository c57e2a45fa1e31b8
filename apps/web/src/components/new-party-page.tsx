import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Paper } from "@mui/material";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { describeError } from "../api/errors.ts";
import { useAppSelector } from "../app/hooks.ts";
import { PageHeader } from "./page-header.tsx";

type Saved = { _id: string; name: string };

/**
 * A new party's page (a customer, a supplier): its form under the business's name; once added,
 * a toast and the party's own page (`pathOf`), replacing this one in the history.
 */
export function NewPartyPage<B, P extends Saved>({
  title,
  listPath,
  create,
  pathOf,
  form,
}: {
  title: string;
  listPath: string;
  create: (businessId: string, body: B) => Promise<P>;
  pathOf: (party: P) => string;
  /** The form, saving with `save`: it resolves to the server's field errors, or nothing once added. */
  form: (save: (body: B) => Promise<Record<string, string> | undefined>) => ReactNode;
}) {
  const business = useAppSelector((s) => s.business.current);
  const navigate = useNavigate();
  async function save(body: B) {
    if (!business) return;
    try {
      const party = await create(business._id, body);
      toast.success(t`${party.name} added`);
      void navigate(pathOf(party), { replace: true });
    } catch (err) {
      const { message, fields } = describeError(err);
      toast.error(message);
      return fields;
    }
  }
  return (
    <>
      <PageHeader
        title={title}
        subtitle={business?.name}
        actions={
          <Button component={Link} to={listPath} variant="outlined">
            <Trans>Go Back</Trans>
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 900 }}>
        {form(save)}
      </Paper>
    </>
  );
}
