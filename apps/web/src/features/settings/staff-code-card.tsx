import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { Box, Button, Card, CardContent, IconButton, Tooltip, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { BusinessSettings } from "@app/shared/businesses/business";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { describeError } from "../../api/errors.ts";
import { useRotateStaffCodeMutation } from "../businesses/business-api.ts";

/** The code staff enter once to pair a device; the owner can rotate it. */
export function StaffCodeCard({ business }: { business: BusinessSettings }) {
  const [rotate, { isLoading }] = useRotateStaffCodeMutation();
  const [confirming, setConfirming] = useState(false);
  async function doRotate() {
    try {
      await rotate(business._id).unwrap();
      toast.success(t`A new staff access code is ready`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setConfirming(false);
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Staff access code</Trans>
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          <Trans>
            Staff choose Staff on a new device and enter this code once, then sign in with their own username.
          </Trans>
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, my: 2 }}>
          <Typography
            data-testid="staff-access-code"
            sx={{ fontFamily: "monospace", fontSize: 28, letterSpacing: 4, fontWeight: 700 }}
          >
            {business.staffAccessCode}
          </Typography>
          <Tooltip title={t`Copy`}>
            <IconButton
              aria-label={t`Copy the staff access code`}
              onClick={() =>
                void navigator.clipboard?.writeText(business.staffAccessCode).then(() => toast.info(t`Copied`))
              }
            >
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Button color="warning" variant="outlined" onClick={() => setConfirming(true)}>
          <Trans>Rotate code</Trans>
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t`Rotate the staff access code?`}
        text={t`Devices not yet paired will need the new code. Staff already signed in stay signed in.`}
        confirmLabel={t`Rotate`}
        busy={isLoading}
        onConfirm={() => void doRotate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
