/**
 * Reads barcodes from the device's camera (issue 31): the browser's own BarcodeDetector where it
 * has one that reads EAN-13 (Android, ChromeOS, macOS), else ZXing compiled to WebAssembly
 * (`barcode-detector`'s ponyfill), its .wasm served from our own /assets/ (never a CDN: a shop
 * may be offline, and the CSP allows only this origin), loaded only when the camera is first used.
 */
export type BarcodeReader = {
  /** The codes visible in the frame now (none: an empty list). */
  read: (frame: HTMLVideoElement) => Promise<string[]>;
  /** Which reader it is, for the support log. */
  kind: "native" | "wasm";
};

/** What a shop's goods carry: EAN/UPC on packets, Code 128/39 on shelf labels, QR on some. */
const FORMATS = ["ean_13", "ean_8", "upc_a", "upc_e", "code_128", "code_39", "qr_code"] as const;

type Detected = { rawValue: string };
type Detector = { detect: (source: HTMLVideoElement) => Promise<Detected[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats: () => Promise<string[]>;
};

async function nativeReader(): Promise<BarcodeReader | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    const formats = FORMATS.filter((f) => supported.includes(f));
    if (!formats.includes("ean_13")) return null;
    const detector = new Native({ formats });
    return { kind: "native", read: async (frame) => (await detector.detect(frame)).map((b) => b.rawValue) };
  } catch {
    return null;
  }
}

async function wasmReader(): Promise<BarcodeReader> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  const detector = new BarcodeDetector({ formats: [...FORMATS] });
  return { kind: "wasm", read: async (frame) => (await detector.detect(frame)).map((b) => b.rawValue) };
}

let reader: Promise<BarcodeReader> | null = null;

/** The reader, made once per page (the WebAssembly module is about 1 MB). */
export function openBarcodeReader(): Promise<BarcodeReader> {
  reader ??= nativeReader()
    .then((native) => native ?? wasmReader())
    .catch((err: unknown) => {
      reader = null; // the next try may have the network back
      throw err;
    });
  return reader;
}

/** Whether this device can give the page a camera at all (a secure page with mediaDevices). */
export const cameraAvailable = () =>
  typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
