import { eq, sql } from "drizzle-orm";
import type { EtimsDeviceInput, EtimsStatus } from "@app/shared/etims/oscu";
import { now } from "../../platform/clock.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, unprocessable } from "../../platform/errors.ts";
import { transact } from "../../platform/retry.ts";
import { setKraPinIfUnset } from "../businesses/businesses.public.ts";
import { refreshEtimsCodeLists } from "./codes.service.ts";
import { environmentOf, type EtimsDeps } from "./etims-deps.ts";
import { etimsDevices } from "./etims.table.ts";
import { sealContext } from "./device-key.ts";
import { EtimsError } from "./oscu-client.ts";

// A business's eTIMS device: initialised with KRA once, its CMC key sealed like the M-Pesa credentials.

/** KRA's error as the API's: a refusal (KRA's code) is 422, KRA down or silent is 502. */
export function appErrorOf(err: unknown): unknown {
  if (!(err instanceof EtimsError)) return err;
  return new AppError(err.resultCd ? "ETIMS_REFUSED" : "ETIMS_UNAVAILABLE", err.message);
}

export async function getStatus(ctx: Ctx, deps: EtimsDeps): Promise<EtimsStatus> {
  const [row] = await ctx.db.select().from(etimsDevices).where(eq(etimsDevices.businessId, ctx.businessId));
  const kraPin = row?.kraPin ?? ctx.business.kraPin ?? null;
  const missing: EtimsStatus["missing"] = [];
  if (!kraPin) missing.push("kraPin");
  if (!row) missing.push("device");
  else if (!row.codeListsFetchedAt || !row.itemClassesFetchedAt) missing.push("codeLists");
  return {
    connected: !!row,
    environment: environmentOf(row?.baseUrl ?? deps.baseUrl),
    kraPin,
    bhfId: row?.bhfId ?? null,
    taxpayerName: row?.taxpayerName ?? null,
    branchName: row?.branchName ?? null,
    sdcId: row?.sdcId ?? null,
    mrcNo: row?.mrcNo ?? null,
    deviceSerial: row?.deviceSerial ?? null,
    initialisedAt: row?.initialisedAt.toISOString() ?? null,
    codeListsFetchedAt: row?.codeListsFetchedAt?.toISOString() ?? null,
    itemClassesFetchedAt: row?.itemClassesFetchedAt?.toISOString() ?? null,
    missing,
  };
}

/** The KRA branch a device numbers its invoices and stock reports for: KRA's address, the PIN and the branch id. */
type Branch = { baseUrl: string; kraPin: string; bhfId: string };
const sameBranch = (a: Branch, b: Branch) => a.baseUrl === b.baseUrl && a.kraPin === b.kraPin && a.bhfId === b.bhfId;

/**
 * Initialises the business's device with KRA (selectInitOsdcInfo) and keeps what KRA returns:
 * the control unit id, the MRC number, and the CMC key sealed; a business without a KRA PIN in its
 * tax details gets this one. Nothing is saved when KRA refuses
 * or cannot be reached. KRA's code lists and item classifications are fetched right after; when
 * that fails the device stays initialised and the status says the lists are missing.
 *
 * Initialised again: for the same KRA branch (a new device serial), KRA already holds our invoice
 * and stock report numbers, so they go on (starting again would get KRA's 994, "already sent").
 * For another branch or KRA environment (the sandbox's device replaced by production's) KRA holds
 * none of them: both start at 1, and rows still waiting give back numbers given under the old one.
 * Refused while a row is being sent: KRA would sign it under the old branch with a number the new
 * one then gives again.
 */
export async function initialise(ctx: Ctx, deps: EtimsDeps, input: EtimsDeviceInput): Promise<EtimsStatus> {
  if (ctx.business.kraPin && ctx.business.kraPin !== input.kraPin)
    throw unprocessable(
      `This KRA PIN differs from the business's (${ctx.business.kraPin}) in Tax and eTIMS: correct one of them first.`,
      { kraPin: "Not the business's KRA PIN" },
    );
  const branch: Branch = { baseUrl: deps.baseUrl, kraPin: input.kraPin, bhfId: input.bhfId };
  const [before] = await ctx.db.select().from(etimsDevices).where(eq(etimsDevices.businessId, ctx.businessId));
  if (before && !sameBranch(before, branch)) await refuseWhileSending(ctx);
  let info;
  try {
    info = await deps.client.selectInitOsdcInfo({
      tin: input.kraPin,
      bhfId: input.bhfId,
      dvcSrlNo: input.deviceSerial,
    });
  } catch (err) {
    throw appErrorOf(err);
  }
  if (info.tin !== input.kraPin || info.bhfId !== input.bhfId)
    throw new AppError("ETIMS_REFUSED", "KRA answered for another PIN or branch; nothing was saved.");
  const values = {
    kraPin: input.kraPin,
    bhfId: input.bhfId,
    deviceSerial: input.deviceSerial,
    taxpayerName: info.taxprNm ?? null,
    branchName: info.bhfNm ?? null,
    sdcId: info.sdcId,
    mrcNo: info.mrcNo,
    sealedCmcKey: deps.box.seal(info.cmcKey, sealContext(ctx.businessId)),
    baseUrl: deps.baseUrl,
    initialisedBy: ctx.user.details.username,
    initialisedAt: now(),
    codeListsFetchedAt: null,
    itemClassesFetchedAt: null,
  };
  await transact(ctx.db, async (tx) => {
    const [current] = await tx
      .select()
      .from(etimsDevices)
      .where(eq(etimsDevices.businessId, ctx.businessId))
      .for("update");
    const restart = current !== undefined && !sameBranch(current, branch);
    if (restart)
      await tx.execute(sql`
        UPDATE etims_outbox SET invc_no = NULL, sar_no = NULL
        WHERE business_id = ${ctx.businessId} AND state = 'queued'`);
    const numbers = restart ? { nextInvcNo: 1, nextSarNo: 1 } : {};
    await tx
      .insert(etimsDevices)
      .values({ businessId: ctx.businessId, ...values })
      .onConflictDoUpdate({ target: etimsDevices.businessId, set: { ...values, ...numbers } });
    await setKraPinIfUnset(tx, ctx.businessId, input.kraPin);
  });
  try {
    await refreshEtimsCodeLists(ctx.db, deps, ctx.businessId);
  } catch (err) {
    deps.log.warn(
      { businessId: ctx.businessId, err: String(err) },
      "eTIMS code lists not fetched after initialisation",
    );
  }
  return getStatus(ctx, deps);
}

async function refuseWhileSending(ctx: Ctx): Promise<void> {
  const { rows } = await ctx.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM etims_outbox WHERE business_id = ${ctx.businessId} AND state = 'sending'`);
  if (rows[0]!.n > 0)
    throw new AppError(
      "CONFLICT",
      "A record is being sent to KRA on the current device right now. Try again in a minute; nothing was changed.",
    );
}
