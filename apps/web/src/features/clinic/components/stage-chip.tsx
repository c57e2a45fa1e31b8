import { Chip } from "@mui/material";
import type { VisitStage } from "@app/shared/clinic/visit";
import { STAGE_COLORS, stageLabel } from "./labels.ts";

export function StageChip({ stage }: { stage: VisitStage }) {
  return <Chip size="small" label={stageLabel(stage)} color={STAGE_COLORS[stage]} data-testid={`stage-${stage}`} />;
}
