import BadgeIcon from "@mui/icons-material/Badge";
import StorefrontIcon from "@mui/icons-material/Storefront";
import { Box, Button, Card, CardActionArea, CardContent, CircularProgress, Typography } from "@mui/material";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { describeError } from "../../../api/errors.ts";
import { useAppDispatch } from "../../../app/hooks.ts";
import { showToast } from "../../../lib/toasts.ts";
import { OutlinedField } from "../../../components/outlined-field.tsx";
import { accessKeyFailure, accessKeyStart, accessKeySuccess } from "../../../lib/session/access-key-slice.ts";
import { requestAccessKey } from "../auth-api.ts";
import { PublicFrame } from "./public-frame.tsx";
import { pathTo } from "../../../lib/paths.ts";

/** Loaded when chosen: it checks with the API's zod schema, which the first page does not need. */
const RegisterBusinessForm = lazy(() =>
  import("./register-business-form.tsx").then((m) => ({ default: m.RegisterBusinessForm })),
);

type Choice = null | "staff" | "register";

/** /home: how this device will be used (spec sections 2 and 3, access keys). */
export function HomePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Choice>(null);
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
      setCodeError("The access code has 8 letters or digits");
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
      setCodeError((err as { status?: number }).status === 404 ? "No business has that access code." : message);
    } finally {
      setLoading(false);
    }
  }

  return (
    <PublicFrame title="Welcome" subtitle="How will this device be used?" width={520}>
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
        <Card variant="outlined">
          <CardActionArea onClick={() => void pairOwner()} disabled={isLoading}>
            <CardContent sx={{ display: "flex", gap: 2, alignItems: "center" }}>
              <StorefrontIcon color="primary" fontSize="large" />
              <Box>
                <Typography variant="h6">Business owner</Typography>
                <Typography color="text.secondary">Sign in to manage your businesses.</Typography>
              </Box>
            </CardContent>
          </CardActionArea>
        </Card>
        <Card variant="outlined">
          <CardActionArea onClick={() => setChoice("staff")}>
            <CardContent sx={{ display: "flex", gap: 2, alignItems: "center" }}>
              <BadgeIcon color="primary" fontSize="large" />
              <Box>
                <Typography variant="h6">Staff</Typography>
                <Typography color="text.secondary">
                  Pair this device with your workplace using its staff access code.
                </Typography>
              </Box>
            </CardContent>
          </CardActionArea>
          {choice === "staff" && (
            <CardContent component="form" onSubmit={pairStaff} aria-label="Pair with a staff access code">
              <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
                <OutlinedField
                  label="Staff access code"
                  size="small"
                  autoFocus
                  value={code}
                  onChange={(e) => {
                    setCode(e.target.value);
                    setCodeError("");
                  }}
                  error={Boolean(codeError)}
                  helperText={codeError || "Ask the owner: it is in their Settings."}
                  htmlInput={{ maxLength: 8, style: { textTransform: "uppercase", letterSpacing: 2 } }}
                />
                <Button type="submit" variant="contained" disabled={isLoading}>
                  Continue
                </Button>
              </Box>
            </CardContent>
          )}
        </Card>
        <Button
          variant={choice === "register" ? "outlined" : "text"}
          onClick={() => setChoice(choice === "register" ? null : "register")}
        >
          Register a business
        </Button>
        {choice === "register" && (
          <Suspense fallback={<CircularProgress sx={{ alignSelf: "center" }} aria-label="Loading the form" />}>
            <RegisterBusinessForm />
          </Suspense>
        )}
      </Box>
    </PublicFrame>
  );
}
