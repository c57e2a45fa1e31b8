import { ERROR_CODES } from "@app/shared/errors/errors";
import { moneyDateProblem } from "@app/shared/money/money-date";
import { now } from "./clock.ts";
import { AppError } from "./errors.ts";

/**
 * The date a piece of money carries, checked against the shared rule by the server's clock before
 * anything is written: 400 naming `field` ("The date is in the future"). Undefined (the server
 * takes now) passes.
 */
export function checkMoneyDate(value: string | Date | undefined, field: string): void {
  if (value === undefined) return;
  const problem = moneyDateProblem(new Date(value), now());
  if (problem) throw new AppError(ERROR_CODES.VALIDATION, problem, { [field]: problem });
}
