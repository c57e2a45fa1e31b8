import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, LinearProgress } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { openBarcodeReader } from "./barcode-reader.ts";

/** A code seen again within this long is the same packet still in front of the camera. */
const SAME_PACKET_MS = 2_000;
/** How often a frame is read. */
const FRAME_EVERY_MS = 150;

type State = "starting" | "scanning" | "denied" | "no-camera" | "failed";
export type ScanOutcome = { ok: boolean; message: string };

/**
 * Scanning with the device's camera (phones and tablets without a scanner): each barcode seen is
 * handed to `onCode`, as a scanner's typed code would be, and what it did is said under the
 * picture; the dialog stays open for the next packet until Done.
 */
export function CameraScanDialog({ onCode, onClose }: { onCode: (code: string) => ScanOutcome; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>("starting");
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const handle = useRef(onCode);
  handle.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const lastSeen = new Map<string, number>();
    void (async () => {
      try {
        const [reader, media] = await Promise.all([
          openBarcodeReader(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
        ]);
        stream = media;
        const el = video.current;
        if (stopped || !el) return;
        el.srcObject = media;
        await el.play();
        setState("scanning");
        const tick = async () => {
          if (stopped) return;
          try {
            for (const code of await reader.read(el)) {
              const now = performance.now();
              if (now - (lastSeen.get(code) ?? -Infinity) > SAME_PACKET_MS) setOutcome(handle.current(code));
              lastSeen.set(code, now);
            }
          } catch {
            // a frame that could not be read (the video between frames): the next one is
          }
          timer = setTimeout(() => void tick(), FRAME_EVERY_MS);
        };
        void tick();
      } catch (err) {
        if (stopped) return;
        const name = err instanceof DOMException ? err.name : "";
        setState(
          name === "NotAllowedError" || name === "SecurityError"
            ? "denied"
            : name === "NotFoundError" || name === "OverconstrainedError"
              ? "no-camera"
              : "failed",
        );
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="camera-scan-title">
      <DialogTitle id="camera-scan-title">
        <Trans>Scan with the camera</Trans>
      </DialogTitle>
      <DialogContent>
        {state === "starting" && <LinearProgress aria-label={t`Starting the camera`} sx={{ mb: 2 }} />}
        {state === "denied" && (
          <Alert severity="warning">
            <Trans>The camera is blocked for this site. Allow it in the browser's site settings, then try again.</Trans>
          </Alert>
        )}
        {state === "no-camera" && (
          <Alert severity="info">
            <Trans>This device has no camera the till can use. Type the code or use a barcode scanner.</Trans>
          </Alert>
        )}
        {state === "failed" && (
          <Alert severity="error">
            <Trans>The camera could not be started. Close other apps using it and try again.</Trans>
          </Alert>
        )}
        <Box
          sx={{
            display: state === "starting" || state === "scanning" ? "block" : "none",
            bgcolor: "common.black",
            borderRadius: 1,
            overflow: "hidden",
          }}
        >
          <video
            ref={video}
            muted
            playsInline
            aria-label={t`Camera picture`}
            data-testid="camera-video"
            style={{ display: "block", width: "100%", maxHeight: "50vh", objectFit: "contain" }}
          />
        </Box>
        <Box aria-live="polite" sx={{ mt: 2, minHeight: 48 }} data-testid="camera-outcome">
          {outcome ? (
            <Alert severity={outcome.ok ? "success" : "warning"}>{outcome.message}</Alert>
          ) : (
            state === "scanning" && <Trans>Hold a barcode in front of the camera.</Trans>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
