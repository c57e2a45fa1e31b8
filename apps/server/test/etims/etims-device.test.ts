import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { newKraPin } from "../factories/etims.ts";
import { startFakeEtims, type FakeEtims } from "../fakes/fake-etims.ts";
import {
  createEtimsDeps,
  refreshAllEtimsCodeLists,
  refreshEtimsCodeLists,
} from "../../src/modules/etims/etims.public.ts";

const KEY = "credentials-key-for-tests-0123456789abcdef";
let t: TestApp;
let kra: FakeEtims;
let owner: Owner;
let pin: string;

const newPin = newKraPin;

beforeAll(async () => {
  kra = await startFakeEtims();
  t = await createTestApp({
    etims: { baseUrl: kra.url, timeoutMs: 1_000 },
    tillMpesa: {
      darajaBaseUrl: "http://127.0.0.1:9",
      publicUrl: null,
      callbackToken: "x".repeat(40),
      credentialsKey: KEY,
    },
  });
});
afterAll(async () => {
  await t.close();
  await kra.close();
});
beforeEach(async () => {
  owner = await registerBusiness(t.app);
  pin = newPin();
  kra.addTaxpayer(pin, `Taxpayer ${pin}`);
  kra.rejected.length = 0;
});
// Every test ends with no malformed request sent to KRA (a refusal a test provokes is checked and cleared there).
afterEach(() => expect(kra.rejected).toEqual([]));

const api = (token = owner.token) => client(t.app, token);
const connect = (over: Record<string, unknown> = {}, token = owner.token) =>
  api(token).put("/api/etims/device", { businessId: owner.businessId, kraPin: pin, deviceSerial: "dvc-0001", ...over });
const status = (token = owner.token) => api(token).get(`/api/etims/status?businessId=${owner.businessId}`);
const deviceRows = async (businessId = owner.businessId) =>
  (await t.database.pool.query("SELECT * FROM etims_devices WHERE business_id = $1", [businessId])).rows;
const count = async (table: string) =>
  Number(
    (await t.database.pool.query(`SELECT count(*) FROM ${table} WHERE business_id = $1`, [owner.businessId])).rows[0]
      .count,
  );
const businessPin = async () =>
  (await t.database.pool.query("SELECT kra_pin FROM businesses WHERE id = $1", [owner.businessId])).rows[0].kra_pin;
const takeRejections = () => kra.rejected.splice(0).map((r) => `${r.fn} ${r.resultCd}`);

describe("initialising the business's eTIMS device (selectInitOsdcInfo)", () => {
  it("keeps KRA's control unit id and MRC number, the CMC key sealed, and fetches KRA's code lists", async () => {
    const before = await status();
    expect(before.json()).toMatchObject({ connected: false, missing: ["kraPin", "device"], sdcId: null });
    const res = await connect();
    expect(res.statusCode, res.body).toBe(200);
    const device = kra.device(pin)!;
    expect(res.json()).toMatchObject({
      connected: true,
      environment: "other",
      kraPin: pin,
      bhfId: "00",
      taxpayerName: `Taxpayer ${pin}`,
      branchName: "Headquarter",
      sdcId: device.sdcId,
      mrcNo: device.mrcNo,
      deviceSerial: "dvc-0001",
      missing: [],
    });
    expect(res.json().codeListsFetchedAt).not.toBeNull();
    // The CMC key: never returned, stored only sealed.
    expect(res.body).not.toContain(device.cmcKey);
    expect((await status()).body).not.toContain(device.cmcKey);
    const [row] = await deviceRows();
    expect(row.sealed_cmc_key).toMatch(/^v1\./);
    expect(row.sealed_cmc_key).not.toContain(device.cmcKey);
    // The code lists were fetched with the device's headers and cached.
    const calls = kra.requests.filter((r) => r.headers.tin === pin);
    expect(calls.map((r) => r.path)).toEqual(["/selectInitOsdcInfo", "/selectCodeList", "/selectItemClsList"]);
    expect(calls[1]!.headers).toMatchObject({ tin: pin, bhfid: "00", cmckey: device.cmcKey });
    expect(calls[1]!.body).toEqual({ tin: pin, bhfId: "00", lastReqDt: "20000101000000" });
    expect(await count("etims_codes")).toBeGreaterThan(30);
    expect(await count("etims_item_classes")).toBe(5);
    // The business had no KRA PIN: its tax details now carry the one it connected with.
    expect(await businessPin()).toBe(pin);
  });

  it("a PIN or serial KRA does not know: KRA's refusal in plain words (422), nothing saved", async () => {
    const res = await connect({ kraPin: newPin() });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ code: "ETIMS_REFUSED" });
    expect(res.json().error.message).toMatch(/KRA does not recognise this device.*KRA 901/);
    expect(await deviceRows()).toEqual([]);
    expect(await businessPin()).toBeNull();
    expect(takeRejections()).toEqual(["selectInitOsdcInfo 901"]);
  });

  it("a device KRA already initialised: 902 said plainly, the first initialisation kept", async () => {
    expect((await connect()).statusCode).toBe(200);
    const [first] = await deviceRows();
    const again = await connect();
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toMatch(/already initialised.*KRA 902/);
    expect((await deviceRows())[0].sealed_cmc_key).toBe(first.sealed_cmc_key);
    expect(takeRejections()).toEqual(["selectInitOsdcInfo 902"]);
  });

  it("initialised again: the same branch goes on with its numbers; another starts at 1, taking back the waiting rows' numbers; never while a row is being sent", async () => {
    expect((await connect()).statusCode).toBe(200);
    const numbers = async () => {
      const [d] = await deviceRows();
      return { bhfId: d.bhf_id, serial: d.device_serial, invc: d.next_invc_no, sar: d.next_sar_no };
    };
    // As after seven receipts and four stock reports.
    await t.database.pool.query("UPDATE etims_devices SET next_invc_no = 8, next_sar_no = 5 WHERE business_id = $1", [
      owner.businessId,
    ]);
    const renewed = await connect({ deviceSerial: "dvc-0002" });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await numbers()).toEqual({ bhfId: "00", serial: "dvc-0002", invc: 8, sar: 5 });

    const { rows } = await t.database.pool.query(
      `INSERT INTO etims_outbox (business_id, kind, ref_id, state, invc_no, sar_no)
       VALUES ($1, 'sale', gen_random_uuid(), 'sending', 8, NULL) RETURNING id`,
      [owner.businessId],
    );
    const busy = await connect({ bhfId: "01", deviceSerial: "dvc-0101" });
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json().error.message).toMatch(/being sent to KRA.*nothing was changed/);
    expect(kra.device(pin, "01")).toBeNull(); // KRA was not asked
    expect(await numbers()).toEqual({ bhfId: "00", serial: "dvc-0002", invc: 8, sar: 5 });

    await t.database.pool.query("UPDATE etims_outbox SET state = 'queued' WHERE id = $1", [rows[0].id]);
    const moved = await connect({ bhfId: "01", deviceSerial: "dvc-0101" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await numbers()).toEqual({ bhfId: "01", serial: "dvc-0101", invc: 1, sar: 1 });
    const row = await t.database.pool.query("SELECT invc_no, state FROM etims_outbox WHERE id = $1", [rows[0].id]);
    expect(row.rows[0]).toEqual({ invc_no: null, state: "queued" });
  });

  it("KRA down (5xx), silent (timeout) or failing with its own code: a clear message, nothing saved", async () => {
    kra.setDown(true);
    const down = await connect();
    kra.setDown(false);
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toEqual({
      code: "ETIMS_UNAVAILABLE",
      message: "KRA eTIMS is not working at the moment (HTTP 503). Please try again later.",
    });
    kra.failNext({ kind: "timeout", ms: 3_000 });
    const silent = await connect();
    expect(silent.statusCode).toBe(502);
    expect(silent.json().error.message).toBe(
      "KRA eTIMS did not answer in time. Nothing was changed; please try again.",
    );
    kra.failNext({ kind: "result", resultCd: "999", resultMsg: "There is an unknown error" });
    const unknown = await connect();
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toMatch(/unknown error.*KRA 999/);
    expect(await deviceRows()).toEqual([]);
    expect(await businessPin()).toBeNull();
    // Once KRA is back, the same request works.
    expect((await connect()).statusCode).toBe(200);
  });

  it("a PIN other than the business's own (Tax and eTIMS) is refused before KRA is asked", async () => {
    const other = newPin();
    const put = await api().patch(`/api/businesses/${owner.businessId}`, { kraPin: other });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const sent = kra.requests.length;
    const res = await connect();
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ kraPin: "Not the business's KRA PIN" });
    expect(kra.requests.length).toBe(sent);
    expect(await businessPin()).toBe(other);
  });

  it("bad input is refused (400) without asking KRA: a malformed PIN, a branch that is not two digits", async () => {
    const sent = kra.requests.length;
    expect((await connect({ kraPin: "123" })).statusCode).toBe(400);
    expect((await connect({ bhfId: "0" })).statusCode).toBe(400);
    expect((await connect({ deviceSerial: "" })).statusCode).toBe(400);
    expect(kra.requests.length).toBe(sent);
  });
});

describe("who may connect eTIMS", () => {
  it("the device is the owner's alone: staff 403; support 403 with or without access, logged, nothing changes", async () => {
    const staff = await registerEmployee(t.app, owner, owner.businessId);
    expect((await connect({}, staff.token)).statusCode).toBe(403);
    expect((await status(staff.token)).statusCode).toBe(403);
    const support = await signInSupport(t.app, t.database);
    for (const granted of [false, true]) {
      if (granted)
        expect((await api().post(`/api/businesses/${owner.businessId}/supportAccess`, { hours: 1 })).statusCode).toBe(
          201,
        );
      expect((await connect({}, support.token)).statusCode).toBe(403);
      const refresh = await api(support.token).post("/api/etims/codes/refresh", { businessId: owner.businessId });
      expect(refresh.statusCode).toBe(403);
    }
    expect(await deviceRows()).toEqual([]);
    expect(kra.requests.filter((r) => r.headers.tin === pin || (r.body as { tin?: string })?.tin === pin)).toEqual([]);
    const log = (await api().get(`/api/businesses/${owner.businessId}/supportAccess/actions`)).json().items as {
      method: string;
      path: string;
      statusCode: number;
      username: string;
    }[];
    expect(
      log
        .filter((a) => a.username === support.username)
        .map((a) => `${a.method} ${a.path} ${a.statusCode}`)
        .sort(),
    ).toEqual([
      "POST /api/etims/codes/refresh 403",
      "POST /api/etims/codes/refresh 403",
      "PUT /api/etims/device 403",
      "PUT /api/etims/device 403",
    ]);
    // Whether eTIMS is connected stays readable to support (nothing secret is returned).
    expect((await status(support.token)).statusCode).toBe(200);
  });

  it("another business's owner gets nothing of this one", async () => {
    expect((await connect()).statusCode).toBe(200);
    const stranger = await registerBusiness(t.app);
    expect((await status(stranger.token)).statusCode).toBe(403);
    const codes = await api(stranger.token).get(`/api/etims/codes?businessId=${owner.businessId}&kind=codes`);
    expect(codes.statusCode).toBe(403);
  });
});

describe("KRA's code lists and item classifications, cached with their date", () => {
  it("the pickers read them from the cache: a class's codes, classifications by search", async () => {
    expect((await connect()).statusCode).toBe(200);
    const units = await api().get(`/api/etims/codes?businessId=${owner.businessId}&kind=codes&cdCls=10`);
    expect(units.statusCode, units.body).toBe(200);
    expect(units.json().items.map((i: { code: string }) => i.code)).toEqual(["U", "KG", "L", "BA"]);
    expect(units.json().fetchedAt).not.toBeNull();
    const taxes = await api().get(`/api/etims/codes?businessId=${owner.businessId}&kind=codes&cdCls=04`);
    expect(taxes.json().items).toContainEqual({ code: "B", name: "B-16.00%", extra: "16" });
    const maize = await api().get(`/api/etims/codes?businessId=${owner.businessId}&kind=itemClasses&search=maize`);
    expect(maize.json().items).toEqual([{ code: "5010150100", name: "Maize flour", extra: "A" }]);
  });

  it("a refresh asks only for what changed since the last fetch; nothing new keeps the cache and moves the date", async () => {
    expect((await connect()).statusCode).toBe(200);
    const first = (await status()).json().codeListsFetchedAt as string;
    const codes = await count("etims_codes");
    const deps = createEtimsDeps(t.database.db, { baseUrl: kra.url, timeoutMs: 1_000, credentialsKey: KEY }, console);
    const out = await refreshEtimsCodeLists(t.database.db, deps, owner.businessId);
    expect(out).toMatchObject({ codes: 0, itemClasses: 0 });
    const last = kra.requests.filter((r) => r.path === "/selectCodeList" && r.headers.tin === pin).at(-1)!;
    const nairobi = new Date(new Date(first).getTime() + 3 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
    expect((last.body as { lastReqDt: string }).lastReqDt).toBe(nairobi);
    expect(await count("etims_codes")).toBe(codes);
    expect(new Date(out.fetchedAt).getTime()).toBeGreaterThanOrEqual(new Date(first).getTime());
    expect((await status()).json().codeListsFetchedAt).toBe(out.fetchedAt);
  });

  it("KRA down during a refresh: the cache and its date stay, the owner is told", async () => {
    expect((await connect()).statusCode).toBe(200);
    const before = (await status()).json().codeListsFetchedAt;
    kra.failNext({ kind: "http", status: 500 });
    const res = await api().post("/api/etims/codes/refresh", { businessId: owner.businessId });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe("ETIMS_UNAVAILABLE");
    expect((await status()).json().codeListsFetchedAt).toBe(before);
    expect(await count("etims_codes")).toBeGreaterThan(30);
  });

  it("the daily job refreshes every connected business; one that KRA refuses is reported, the others go on", async () => {
    expect((await connect()).statusCode).toBe(200);
    const other = await registerBusiness(t.app);
    const otherPin = newPin();
    kra.addTaxpayer(otherPin, "Other Ltd");
    const put = await api(other.token).put("/api/etims/device", {
      businessId: other.businessId,
      kraPin: otherPin,
      deviceSerial: "dvc-other",
    });
    expect(put.statusCode, put.body).toBe(200);
    // KRA refuses the first refresh of the run (its own error), answers the next ones.
    kra.failNext({ kind: "result", resultCd: "999" });
    const results = await refreshAllEtimsCodeLists(t.app.etims);
    const mine = results.filter((r) => r.businessId === owner.businessId || r.businessId === other.businessId);
    expect(mine).toHaveLength(2);
    const failed = results.filter((r) => !r.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.message).toMatch(/KRA 999/);
    expect(results.filter((r) => r.ok).length).toBe(results.length - 1);
  });

  it("a business without a device is told eTIMS is not connected", async () => {
    const res = await api().post("/api/etims/codes/refresh", { businessId: owner.businessId });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: "NOT_CONFIGURED", message: "eTIMS is not connected for this business." });
  });
});
