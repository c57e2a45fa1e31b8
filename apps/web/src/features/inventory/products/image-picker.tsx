import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import { Box, Button, FormHelperText, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { imageFileProblem } from "@app/shared/inventory/product-form";

/** Choose a product image (JPEG, PNG or WebP up to 5 MB) and see it before saving. */
export function ImagePicker({
  current,
  file,
  onChange,
  error,
  readOnly,
}: {
  current: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  readOnly?: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? current;
  const message = problem ?? error;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
      <Box
        sx={{
          width: 120,
          height: 120,
          borderRadius: 1,
          border: 1,
          borderColor: "divider",
          bgcolor: "grey.100",
          display: "grid",
          placeItems: "center",
          overflow: "hidden",
          flexShrink: 0,
        }}
      >
        {shown ? (
          <img
            src={shown}
            alt={t`Product`}
            data-testid="image-preview"
            style={{ width: "100%", height: "100%", objectFit: "cover" }}
          />
        ) : (
          <PhotoCameraIcon color="disabled" fontSize="large" />
        )}
      </Box>
      {!readOnly && (
        <Box>
          <Button component="label" variant="outlined" size="small">
            {shown ? t`Change image` : t`Choose image`}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-label={t`Product image`}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                e.target.value = "";
                if (!chosen) return;
                const why = imageFileProblem(chosen);
                setProblem(why);
                onChange(why ? null : chosen);
              }}
            />
          </Button>
          {file && (
            <Button size="small" onClick={() => onChange(null)} sx={{ ml: 1 }}>
              <Trans>Undo</Trans>
            </Button>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, display: "block" }}>
            <Trans>JPEG, PNG or WebP, up to 5 MB</Trans>
            {file ? t` · ${file.name} will be uploaded when you save` : ""}
          </Typography>
          {message && <FormHelperText error>{message}</FormHelperText>}
        </Box>
      )}
    </Stack>
  );
}
