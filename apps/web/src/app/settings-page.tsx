import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Stack } from "@mui/material";
import { PageHeader } from "../components/page-header.tsx";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { useAppSelector } from "./hooks.ts";
import { useGetBusinessSettingsQuery } from "../features/businesses/business-api.ts";
import { AccountSecurityCard } from "../features/settings/account-security-card.tsx";
import { AddBusinessCard } from "../features/settings/add-business-card.tsx";
import { BusinessDataCard } from "../features/settings/business-data-card.tsx";
import { BusinessDetailsCard } from "../features/settings/business-details-card.tsx";
import { BusinessesAdminCard } from "../features/settings/businesses-admin-card.tsx";
import { PrintersCard } from "../features/printing/printers-card.tsx";
import { StaffCodeCard } from "../features/settings/staff-code-card.tsx";
import { SupportAccessCard } from "../features/settings/support-access-card.tsx";
import { SupportRequestsCard } from "../features/requests/support-requests-card.tsx";
import { SubscriptionCard } from "../features/subscriptions/components/subscription-card.tsx";
import { RuleSetsCard } from "../features/payroll/components/rule-sets-card.tsx";
import { PriceListCard } from "../features/clinic/components/price-list-card.tsx";
import { TillSettingsCard } from "../features/settings/till-settings-card.tsx";
import { TaxDetailsCard } from "../features/settings/tax-details-card.tsx";
import { PaymentDetailsCard } from "../features/sales-documents/components/payment-details-card.tsx";
import { MpesaSettingsCard } from "../features/mpesa/components/mpesa-settings-card.tsx";
import { EtimsCard } from "../features/etims/components/etims-card.tsx";
import { BookingPageCard } from "../features/rooms/components/booking-page-card.tsx";
import { BackupCard } from "../features/backups/backup-card.tsx";
import { MessagesCard } from "../features/messages/messages-card.tsx";

/** /settings: the owner's business settings; support also manages every business's account. */
export default function SettingsPage() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const isSupport = user?.details.isSupportUser ?? false;
  const { data, isLoading, isError } = useGetBusinessSettingsQuery(business?._id ?? "", { skip: !business });
  return (
    <>
      <PageHeader title={t`Settings`} subtitle={business?.name} />
      <Stack spacing={3}>
        {isSupport && <BusinessesAdminCard />}
        {isSupport && <RuleSetsCard />}
        {isLoading && <FullPageSpinner />}
        {isError && (
          <Alert severity="error">
            <Trans>The business settings could not be loaded.</Trans>
          </Alert>
        )}
        {data && (
          <>
            <BusinessDetailsCard
              key={`${data._id}-${data.name}-${data.businessType}-${data.timeZone}`}
              business={data}
            />
            <StaffCodeCard business={data} />
            {user?.isAdmin && <SupportAccessCard business={data} support={isSupport} />}
            {user?.isAdmin && (
              <TaxDetailsCard
                key={`${data._id}-${data.kraPin}-${data.vatRegistered}-${data.address}`}
                business={data}
              />
            )}
            {user?.isAdmin && !isSupport && (
              <EtimsCard key={`${data._id}-${data.kraPin}`} businessId={data._id} kraPin={data.kraPin} />
            )}
            {user?.isAdmin && <PaymentDetailsCard businessId={data._id} />}
            {user?.isAdmin && !isSupport && <MpesaSettingsCard businessId={data._id} />}
            {user?.isAdmin && <PrintersCard businessId={data._id} />}
            {user?.isAdmin && !isSupport && <TillSettingsCard business={data} />}
            {user?.isAdmin && !isSupport && data.businessType === "clinic" && <PriceListCard />}
            {user?.isAdmin && data.businessType === "hotel" && <BookingPageCard />}
            {user?.isAdmin && !isSupport && <BusinessDataCard business={data} />}
          </>
        )}
        {user?.isAdmin && !isSupport && business && <SubscriptionCard />}
        {user?.isAdmin && !isSupport && business && <SupportRequestsCard />}
        {user?.isAdmin && !isSupport && business && (
          <MessagesCard businessId={business._id} timeZone={business.timeZone} />
        )}
        {user?.isAdmin && !isSupport && business && <BackupCard businessId={business._id} />}
        {user?.isAdmin && !isSupport && <AddBusinessCard />}
        {user && <AccountSecurityCard canChangePassword={user.isAdmin} />}
      </Stack>
    </>
  );
}
