import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { allFlags, registerEmployeeInputSchema } from "@app/shared/accounts/auth";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { AreaGate } from "../../../components/area-gate.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { fieldErrorsOf } from "../components/field-errors.ts";
import { FlagsEditor } from "../components/flags-editor.tsx";
import { OccupationField } from "../components/occupation-field.tsx";
import { useRegisterEmployeeMutation } from "../hr-api.ts";

/** /employees/new: the owner adds a member of staff with a sign-in, an occupation and permissions. */
export default function NewEmployeePage() {
  return (
    <AreaGate area="hr" title={t`New Employee`}>
      <NewEmployeeForm />
    </AreaGate>
  );
}

function NewEmployeeForm() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterEmployeeMutation();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [occupation, setOccupation] = useState("Cashier");
  const [flags, setFlags] = useState(allFlags(false));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  if (!user?.isAdmin)
    return (
      <>
        <PageHeader title={t`New Employee`} />
        <Alert severity="info">
          <Trans>Only the business owner adds staff.</Trans>
        </Alert>
      </>
    );

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const parsed = registerEmployeeInputSchema.safeParse({
      businessId: business?._id,
      username,
      password,
      occupation,
      ...flags,
    });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    try {
      const created = await register(parsed.data).unwrap();
      toast.success(t`${created.username} was added. Add their pay details next.`);
      navigate(pathTo("/employees/:employeeId", { employeeId: created._id }));
    } catch (err) {
      const described = describeError(err);
      setErrors(described.fields);
      setMessage(described.message);
    }
  }

  return (
    <>
      <PageHeader title={t`New Employee`} subtitle={business?.name} />
      <Card variant="outlined" sx={{ maxWidth: 760 }}>
        <CardContent>
          <Stack component="form" aria-label={t`New employee`} spacing={2} onSubmit={(e) => void submit(e)} noValidate>
            {message && <Alert severity="error">{message}</Alert>}
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              <Trans>Sign-in</Trans>
            </Typography>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField
                size="small"
                label={t`Username`}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                error={Boolean(errors.username)}
                helperText={errors.username ?? t`Letters, digits, dot, dash and underscore`}
                autoComplete="off"
                fullWidth
                autoFocus
              />
              <TextField
                size="small"
                type="password"
                label={t`Password`}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={Boolean(errors.password)}
                helperText={errors.password ?? t`At least 8 characters; give it to them in person`}
                autoComplete="new-password"
                fullWidth
              />
            </Stack>
            <OccupationField value={occupation} onChange={setOccupation} error={errors.occupation} />
            <Typography variant="subtitle1" sx={{ fontWeight: 600, pt: 1 }}>
              <Trans>Permissions</Trans>
            </Typography>
            <FlagsEditor value={flags} onChange={(f, on) => setFlags({ ...flags, [f]: on })} />
            <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
              <Button component={RouterLink} to={pathTo("/employees")}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" variant="contained" disabled={isLoading}>
                <Trans>Add employee</Trans>
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
