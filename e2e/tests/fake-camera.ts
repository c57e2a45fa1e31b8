import { writeFileSync } from "node:fs";

// A camera for Chromium's fake capture (--use-file-for-fake-video-capture): a Y4M video whose
// one frame is an EAN-13 barcode drawn from its definition (GS1 General Specifications 5.2.1:
// the L, G and R digit patterns, the parity set by the first digit, guards 101 / 01010 / 101).

const L = [
  "0001101",
  "0011001",
  "0010011",
  "0111101",
  "0100011",
  "0110001",
  "0101111",
  "0111011",
  "0110111",
  "0001011",
];
const R = L.map((p) => [...p].map((b) => (b === "0" ? "1" : "0")).join(""));
const G = R.map((p) => [...p].reverse().join(""));
const PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"];

/** The check digit of the first 12 digits (weights 1, 3, 1, 3… from the left). */
export function ean13CheckDigit(first12: string): number {
  const sum = [...first12].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

/** The 95 modules of an EAN-13 symbol, "1" black. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code) || ean13CheckDigit(code.slice(0, 12)) !== Number(code[12]))
    throw new Error(`${code} is not a valid EAN-13`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  const left = digits
    .slice(1, 7)
    .map((d, i) => (parity[i] === "L" ? L[d] : G[d]))
    .join("");
  const right = digits
    .slice(7)
    .map((d) => R[d])
    .join("");
  return `101${left}01010${right}101`;
}

/** Writes a one-frame 640x480 Y4M video of the barcode (Chromium loops it). */
export function writeBarcodeVideo(code: string, file: string, width = 640, height = 480): void {
  const modules = ean13Modules(code);
  const module = 5;
  const left = Math.floor((width - modules.length * module) / 2);
  const row = Buffer.alloc(width, 255);
  for (let i = 0; i < modules.length; i++)
    if (modules[i] === "1") row.fill(0, left + i * module, left + (i + 1) * module);
  const y = Buffer.alloc(width * height, 255);
  // Bars over the middle 60% of the height, white above and below.
  for (let r = Math.floor(height * 0.2); r < Math.floor(height * 0.8); r++) row.copy(y, r * width);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), y, chroma]),
  );
}
