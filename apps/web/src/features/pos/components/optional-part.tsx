import { t } from "@lingui/core/macro";
import { Chip } from "@mui/material";
import type { ReactNode } from "react";
import { usePart, type Part } from "../../../lib/lazy-part.tsx";

/** A restaurant's table picker or a clinic's visit bills: in once loaded; a part that could not load offers Try again. */
export function OptionalPart<M>({ part, children }: { part: Part<M>; children: (module: M) => ReactNode }) {
  const { module, failed, retry } = usePart(part);
  if (module) return children(module);
  if (!failed) return null;
  return <Chip size="small" color="warning" variant="outlined" label={t`Needs the network once`} onClick={retry} />;
}
