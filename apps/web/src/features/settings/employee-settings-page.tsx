import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from "@mui/material";
import { useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import { PERMISSION_FLAGS } from "@app/shared/accounts/auth";
import { changeEmployeePasswordInputSchema } from "@app/shared/hr/employee";
import { imageFileProblem } from "@app/shared/inventory/product-form";
import { describeError } from "../../api/errors.ts";
import { AccountSecurityCard } from "./account-security-card.tsx";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { occupationLabel } from "../../components/occupation-label.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { loginSuccess } from "../../lib/session/session-slice.ts";
import {
  useChangeOwnPasswordMutation,
  useRemoveEmployeeImageMutation,
  useSetEmployeeImageMutation,
} from "../hr/hr-api.ts";

function flagLabel(f: (typeof PERMISSION_FLAGS)[number]): string {
  return {
    handleStock: t`Handle stock`,
    handleTransfer: t`Handle transfers`,
    reviewStock: t`Review stock`,
    viewPayroll: t`View payroll`,
    viewBooking: t`View bookings`,
    viewEmployee: t`View employees`,
    viewSupplies: t`View supplies`,
    viewExpenses: t`View expenses`,
  }[f];
}

/** /settingEmployee/{id}: a member of staff's own settings: their picture, their password, what they may do. */
export default function EmployeeSettingsPage() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  if (!user) return null;
  const { details } = user;
  return (
    <>
      <PageHeader title={t`Settings`} subtitle={business?.name} />
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <AvatarCard />
        <PasswordCard />
        <AccountSecurityCard canChangePassword={false} />
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6">{details.username}</Typography>
            <Typography color="text.secondary" gutterBottom>
              {occupationLabel(details.occupation)}
            </Typography>
            <Typography sx={{ mt: 2, mb: 1 }}>
              <Trans>What you may do (set by the owner):</Trans>
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
              {PERMISSION_FLAGS.map((f) => (
                <Chip
                  key={f}
                  label={flagLabel(f)}
                  color={details[f] ? "success" : "default"}
                  variant={details[f] ? "filled" : "outlined"}
                />
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}

/** The user's picture (the sidebar's avatar): JPEG, PNG or WebP up to 5 MB. */
function AvatarCard() {
  const user = useAppSelector((s) => s.session.user)!;
  const dispatch = useAppDispatch();
  const [setImage, setting] = useSetEmployeeImageMutation();
  const [removeImage, removing] = useRemoveEmployeeImageMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const id = user.details._id;
  const show = (image: string | null) => dispatch(loginSuccess({ ...user, details: { ...user.details, image } }));
  async function upload(file: File) {
    const why = imageFileProblem(file);
    setProblem(why);
    if (why) return;
    try {
      const saved = await setImage({ id, file }).unwrap();
      show(saved.image);
      toast.success(t`Your picture was saved`);
    } catch (err) {
      setProblem(describeError(err).fields.image ?? describeError(err).message);
    }
  }
  async function remove() {
    try {
      show((await removeImage(id).unwrap()).image);
      toast.success(t`Your picture was removed`);
    } catch (err) {
      setProblem(describeError(err).message);
    }
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Your picture</Trans>
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
          <Avatar
            src={user.details.image ?? undefined}
            alt={user.details.username}
            sx={{ width: 72, height: 72 }}
            data-testid="settings-avatar"
          />
          <Box>
            <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} disabled={setting.isLoading}>
              {user.details.image ? t`Change picture` : t`Choose picture`}
              <input
                hidden
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-label={t`Your picture`}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = "";
                  if (file) void upload(file);
                }}
              />
            </Button>
            {user.details.image && (
              <Button sx={{ ml: 1 }} onClick={() => void remove()} disabled={removing.isLoading}>
                <Trans>Remove</Trans>
              </Button>
            )}
            <Typography variant="body2" color={problem ? "error" : "text.secondary"} sx={{ mt: 1 }}>
              {problem ?? t`JPEG, PNG or WebP, up to 5 MB`}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Change your own password: the current one, then the new one twice; other devices are signed out. */
function PasswordCard() {
  const user = useAppSelector((s) => s.session.user)!;
  const [change, { isLoading }] = useChangeOwnPasswordMutation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const parsed = changeEmployeePasswordInputSchema.safeParse({ currentPassword: current, newPassword: next });
    const fields: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) fields[String(i.path[0])] ??= i.message;
    if (next !== again) fields.again = t`The two new passwords differ`;
    setErrors(fields);
    if (!parsed.success || Object.keys(fields).length) return;
    try {
      await change({ id: user.details._id, body: parsed.data }).unwrap();
      setCurrent("");
      setNext("");
      setAgain("");
      toast.success(t`Your password was changed; your other devices are signed out`);
    } catch (err) {
      const described = describeError(err);
      setErrors(described.fields);
      setMessage(described.message);
    }
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack component="form" aria-label={t`Change password`} spacing={2} onSubmit={(e) => void submit(e)} noValidate>
          <Typography variant="h6">
            <Trans>Change password</Trans>
          </Typography>
          {message && !Object.keys(errors).length && <Alert severity="error">{message}</Alert>}
          <TextField
            size="small"
            type="password"
            label={t`Current password`}
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={Boolean(errors.currentPassword)}
            helperText={errors.currentPassword}
            autoComplete="current-password"
          />
          <TextField
            size="small"
            type="password"
            label={t`New password`}
            value={next}
            onChange={(e) => setNext(e.target.value)}
            error={Boolean(errors.newPassword)}
            helperText={errors.newPassword ?? t`At least 8 characters`}
            autoComplete="new-password"
          />
          <TextField
            size="small"
            type="password"
            label={t`New password again`}
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            error={Boolean(errors.again)}
            helperText={errors.again}
            autoComplete="new-password"
          />
          <Box>
            <Button type="submit" variant="contained" disabled={isLoading}>
              <Trans>Change password</Trans>
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
