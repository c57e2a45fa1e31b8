import type { VisitStage } from "./visit.ts";

/**
 * The moves a visit makes by itself. Staff move it along the queue (PUT /consultations/{id});
 * these follow from work finished elsewhere.
 */

/** The last test of a visit at the lab is done: the patient goes back to the clinician. */
export function stageAfterLabResult(stage: VisitStage, pendingLab: number): VisitStage {
  return stage === "lab" && pendingLab === 0 ? "consultation" : stage;
}

/** The last prescription of a visit at the pharmacy is dispensed: the patient goes to pay. */
export function stageAfterDispense(stage: VisitStage, pendingPrescriptions: number): VisitStage {
  return stage === "pharmacy" && pendingPrescriptions === 0 ? "billing" : stage;
}

/** The bill of a visit at billing is settled: the visit is done. */
export function stageAfterPayment(stage: VisitStage, balance: number): VisitStage {
  return stage === "billing" && balance <= 0 ? "done" : stage;
}
