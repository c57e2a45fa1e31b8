import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "@app/shared/inventory/product";
import { addBusiness, client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  expectRefused,
  expectStatus,
  getProduct,
  inventoryStaff,
  JPEG_IMAGE,
  newProduct,
  pngImage,
  transfer,
  uploadImage,
  WEBP_IMAGE,
} from "../factories/inventory.ts";

/** Product images: upload (type by content, 5 MB at most), serve with caching headers, replace, remove. */
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const MISSING = "00000000-0000-4000-8000-000000000000";
const PNG_IMAGE = pngImage();
/** Every file in the upload folder, relative to it. */
const storedFiles = async () =>
  (
    (await readdir(t.uploads, { recursive: true, withFileTypes: true })) as {
      isFile(): boolean;
      parentPath: string;
      name: string;
    }[]
  )
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.uploads, path.join(e.parentPath, e.name)))
    .sort();
const fetchFile = (url: string) => t.app.inject({ method: "GET", url });
/** Nothing written to the database or the upload folder. */
async function expectNothingStored(status: number, send: () => ReturnType<typeof uploadImage>) {
  const files = await storedFiles();
  const res = await expectRefused(t, status, send);
  expect(await storedFiles()).toEqual(files);
  return res;
}

describe("POST /api/products/{id}/image", () => {
  it.each([
    ["JPEG", JPEG_IMAGE, "image/jpeg", "jpg"],
    ["PNG", PNG_IMAGE, "image/png", "png"],
    ["WebP", WEBP_IMAGE, "image/webp", "webp"],
  ])("stores a %s image and serves it with long-lived caching headers", async (_label, bytes, mime, ext) => {
    const product = await newProduct(t, owner);
    const res = expectStatus(
      await uploadImage(t, owner.token, product._id, bytes, { name: `photo.${ext}`, type: mime }),
      200,
    );
    const image: string = res.json().image;
    expect(image).toMatch(new RegExp(`^/api/files/products/${owner.businessId}/[0-9a-f-]{36}\\.${ext}$`));
    expect((await getProduct(t, owner, product._id)).image).toBe(image);
    const served = await fetchFile(image);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers["content-type"]).toBe(mime);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(served.headers["content-length"])).toBe(bytes.length);
  });

  it("the type is read from the content: a declared name or type does not matter", async () => {
    const product = await newProduct(t, owner);
    const res = expectStatus(
      await uploadImage(t, owner.token, product._id, WEBP_IMAGE, {
        name: "photo.png",
        type: "application/octet-stream",
      }),
      200,
    );
    expect(res.json().image).toMatch(/\.webp$/);
  });

  it.each([
    ["a GIF", Buffer.from("474946383961010001000000002c00000000010001000002003b", "hex"), "image/gif"],
    ["text named .png", Buffer.from("not an image at all"), "image/png"],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml"],
    ["an empty file", Buffer.alloc(0), "image/png"],
  ])("refuses %s with a 400 naming the allowed types, nothing stored", async (_label, bytes, type) => {
    const product = await newProduct(t, owner);
    const res = await expectNothingStored(400, () => uploadImage(t, owner.token, product._id, bytes, { type }));
    expect(res.json().error.message).toBe("The image must be a JPEG, PNG or WebP file");
  });

  it("takes a file of exactly 5 MB and refuses one byte more, nothing stored", async () => {
    const product = await newProduct(t, owner);
    const padded = (size: number) => Buffer.concat([PNG_IMAGE, Buffer.alloc(size - PNG_IMAGE.length)]);
    const res = await expectNothingStored(413, () =>
      uploadImage(t, owner.token, product._id, padded(MAX_IMAGE_BYTES + 1)),
    );
    expect(res.json().error).toMatchObject({
      code: "FILE_TOO_LARGE",
      message: "The image is larger than 5 MB",
      fields: { image: expect.any(String) },
    });
    expectStatus(await uploadImage(t, owner.token, product._id, padded(MAX_IMAGE_BYTES)), 200);
  });

  it("400 when no file is sent, nothing stored", async () => {
    const product = await newProduct(t, owner);
    await expectNothingStored(400, () =>
      client(t.app, owner.token).post(`/api/products/${product._id}/image`, { image: "data:image/png;base64,AAAA" }),
    );
  });

  it("404 for an unknown product or another business's, nothing stored", async () => {
    const stranger = await registerBusiness(t.app);
    const theirs = await newProduct(t, stranger);
    await expectNothingStored(404, () => uploadImage(t, owner.token, MISSING, PNG_IMAGE));
    await expectNothingStored(404, () => uploadImage(t, owner.token, theirs._id, PNG_IMAGE));
  });
});

describe("replacing and removing an image", () => {
  it("a new upload replaces the image and its old file is deleted", async () => {
    const product = await newProduct(t, owner);
    const first: string = expectStatus(await uploadImage(t, owner.token, product._id, PNG_IMAGE), 200).json().image;
    const second: string = expectStatus(
      await uploadImage(t, owner.token, product._id, JPEG_IMAGE, { type: "image/jpeg" }),
      200,
    ).json().image;
    expect(second).not.toBe(first);
    expect((await fetchFile(first)).statusCode).toBe(404);
    expect((await fetchFile(second)).statusCode).toBe(200);
  });

  it("DELETE /api/products/{id}/image removes it and its file", async () => {
    const product = await newProduct(t, owner);
    const image: string = expectStatus(await uploadImage(t, owner.token, product._id, PNG_IMAGE), 200).json().image;
    const res = expectStatus(await client(t.app, owner.token).del(`/api/products/${product._id}/image`), 200);
    expect(res.json()).toMatchObject({ _id: product._id, image: null });
    expect((await getProduct(t, owner, product._id)).image).toBeNull();
    expect((await fetchFile(image)).statusCode).toBe(404);
    // Removing again is harmless.
    expect(
      expectStatus(await client(t.app, owner.token).del(`/api/products/${product._id}/image`), 200).json().image,
    ).toBeNull();
    await expectRefused(t, 404, () => client(t.app, owner.token).del(`/api/products/${MISSING}/image`));
    const stranger = await registerBusiness(t.app);
    const theirs = await newProduct(t, stranger);
    expectStatus(await uploadImage(t, stranger.token, theirs._id, PNG_IMAGE), 200);
    await expectNothingStored(404, () => client(t.app, owner.token).del(`/api/products/${theirs._id}/image`));
  });

  it("a product transferred to another business keeps its image when the source replaces its own", async () => {
    const branch = await addBusiness(t.app, owner);
    const product = await newProduct(t, owner, { sku: "IMG-T", quantity: 2 });
    expectStatus(await uploadImage(t, owner.token, product._id, PNG_IMAGE), 200);
    const moved = expectStatus(
      await transfer(t, owner, branch.businessId, [{ productId: product._id, quantity: 1 }]),
      201,
    ).json();
    const copy = await getProduct(t, { token: owner.token, businessId: branch.businessId }, moved.lines[0].toProductId);
    expect(copy.image).toMatch(new RegExp(`^/api/files/products/${branch.businessId}/`));
    expectStatus(await uploadImage(t, owner.token, product._id, JPEG_IMAGE), 200);
    expectStatus(await client(t.app, owner.token).del(`/api/products/${product._id}/image`), 200);
    const served = await fetchFile(copy.image!);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_IMAGE)).toBe(true);
  });
});

describe("serving files and permissions", () => {
  it("unknown or unsafe file paths are a 404", async () => {
    for (const url of [
      "/api/files/products/nothing.png",
      "/api/files/../../etc/passwd",
      "/api/files/%2e%2e/%2e%2e/etc/passwd",
      "/api/files/products/x/ABC.png",
    ]) {
      expect((await fetchFile(url)).statusCode, url).toBe(404);
    }
  });

  it("only handleStock uploads or removes; reviewStock, handleTransfer and a Cashier are refused", async () => {
    const staff = await inventoryStaff(t, owner);
    const product = await newProduct(t, owner);
    for (const who of [staff.reviewer, staff.mover, staff.cashier]) {
      await expectNothingStored(403, () => uploadImage(t, who.token, product._id, PNG_IMAGE));
      await expectRefused(t, 403, () => client(t.app, who.token).del(`/api/products/${product._id}/image`));
    }
    expectStatus(await uploadImage(t, staff.handler.token, product._id, PNG_IMAGE), 200);
    expect(
      expectStatus(await client(t.app, staff.handler.token).del(`/api/products/${product._id}/image`), 200).json()
        .image,
    ).toBeNull();
  });
});
