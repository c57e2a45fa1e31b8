import { Trans } from "@lingui/react/macro";
import { Alert } from "@mui/material";
import type { ReactNode } from "react";
import type { ClinicRight } from "@app/shared/permissions/clinic";
import { AreaGate } from "../../../components/area-gate.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { useClinic } from "../use-clinic.ts";

/**
 * A clinic page: the Clinic (or Pharmacy) area of the menu, and one of the clinic rights the page
 * needs; without them it says so instead of asking the server for what it would refuse.
 */
export function ClinicGate({
  title,
  anyOf,
  area = "clinic",
  children,
}: {
  title: string;
  anyOf: ClinicRight[];
  area?: "clinic" | "pharmacy";
  children: ReactNode;
}) {
  const { can } = useClinic();
  return (
    <AreaGate area={area} title={title}>
      {anyOf.some(can) ? (
        children
      ) : (
        <>
          <PageHeader title={title} />
          <Alert severity="warning" data-testid="no-clinic-access">
            <Trans>Your role does not include this part of the clinic. Ask the business owner if you need it.</Trans>
          </Alert>
        </>
      )}
    </AreaGate>
  );
}
