import BadgeIcon from "@mui/icons-material/Badge";
import { t } from "@lingui/core/macro";
import StorefrontIcon from "@mui/icons-material/Storefront";
import { Box, Button, ButtonBase, CircularProgress, Paper, Typography } from "@mui/material";
import { Suspense, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { describeError } from "../../../api/errors.ts";
import { useAppDispatch } from "../../../app/hooks.ts";
import { showToast } from "../../../lib/toasts.ts";
import { OutlinedField } from "../../../components/outlined-field.tsx";
import { accessKeyFailure, accessKeyStart, accessKeySuccess } from "../../../lib/session/access-key-slice.ts";
import { requestAccessKey } from "../auth-api.ts";
import { PublicFrame } from "./public-frame.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { lazyWithRetry } from "../../../lib/lazy-part.tsx";

/** Loaded when chosen: it checks with the API's zod schema, which the first page does not need. */
const RegisterBusinessForm = lazyWithRetry(() =>
  import("./register-business-form.tsx").then((m) => ({ default: m.RegisterBusinessForm })),
);

type Chosen = null | "staff" | "register";

/**
 * One way to use this device: an outlined card that is a button as a whole (Paper and ButtonBase,
 * which the first load has anyway, rather than MUI's Card family).
 */
function Choice(props: {
  icon: ReactNode;
  title: string;
  text: string;
  onClick: () => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <ButtonBase
        onClick={props.onClick}
        disabled={props.disabled}
        sx={{
          width: "100%",
          justifyContent: "flex-start",
          textAlign: "left",
          gap: 2,
          p: 2,
          "&:hover": { bgcolor: "action.hover" },
        }}
      >
        {props.icon}
        <Box>
          <Typography variant="h6">{props.title}</Typography>
          <Typography color="text.secondary">{props.text}</Typography>
        </Box>
      </ButtonBase>
      {props.children}
    </Paper>
  );
}

/** /home: how this device will be used (spec sections 2 and 3, access keys). */
export function HomePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Chosen>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState("");
  const [isLoading, setLoading] = useState(false);

  async function pairOwner() {
    dispatch(accessKeyStart());
    setLoading(true);
    try {
      dispatch(accessKeySuccess(await requestAccessKey({ type: "adminKey" })));
      navigate(pathTo("/adminaccounts"));
    } catch (err) {
      const { message } = describeError(err);
      dispatch(accessKeyFailure(message));
      showToast("error", message);
    } finally {
      setLoading(false);
    }
  }

  async function pairStaff(e: FormEvent) {
    e.preventDefault();
    if (!/^[A-Za-z0-9]{8}$/.test(code.trim())) {
      setCodeError(t`The access code has 8 letters or digits`);
      return;
    }
    dispatch(accessKeyStart());
    setLoading(true);
    try {
      dispatch(accessKeySuccess(await requestAccessKey({ type: "normalKey", code: code.trim().toUpperCase() })));
      navigate(pathTo("/normalaccounts"));
    } catch (err) {
      const { message } = describeError(err);
      dispatch(accessKeyFailure(message));
      setCodeError((err as { status?: number }).status === 404 ? t`No business has that access code.` : message);
    } finally {
      setLoading(false);
    }
  }

  return (
    <PublicFrame title={t`Welcome`} subtitle={t`How will this device be used?`} width={520}>
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
        <Choice
          icon={<StorefrontIcon color="primary" fontSize="large" />}
          title={t`Business owner`}
          text={t`Sign in to manage your businesses.`}
          onClick={() => void pairOwner()}
          disabled={isLoading}
        />
        <Choice
          icon={<BadgeIcon color="primary" fontSize="large" />}
          title={t`Staff`}
          text={t`Pair this device with your workplace using its staff access code.`}
          onClick={() => setChoice("staff")}
        >
          {choice === "staff" && (
            <Box
              component="form"
              onSubmit={pairStaff}
              aria-label={t`Pair with a staff access code`}
              sx={{ display: "flex", gap: 1, alignItems: "flex-start", px: 2, pb: 2 }}
            >
              <OutlinedField
                label={t`Staff access code`}
                size="small"
                autoFocus
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setCodeError("");
                }}
                error={Boolean(codeError)}
                helperText={codeError || t`Ask the owner: it is in their Settings.`}
                htmlInput={{ maxLength: 8, style: { textTransform: "uppercase", letterSpacing: 2 } }}
              />
              <Button type="submit" variant="contained" disabled={isLoading}>
                {t`Continue`}
              </Button>
            </Box>
          )}
        </Choice>
        <Button
          variant={choice === "register" ? "outlined" : "text"}
          onClick={() => setChoice(choice === "register" ? null : "register")}
        >
          {t`Register a business`}
        </Button>
        {choice === "register" && (
          <Suspense fallback={<CircularProgress sx={{ alignSelf: "center" }} aria-label={t`Loading the form`} />}>
            <RegisterBusinessForm />
          </Suspense>
        )}
      </Box>
    </PublicFrame>
  );
}
