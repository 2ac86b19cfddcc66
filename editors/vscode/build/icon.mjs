// The extension's icon (icon.png, 128×128, committed): a blue rounded square with a white "T"
// and a green check mark, drawn here (4×4 supersampled) and written as a PNG with node:zlib.
//   node build/icon.mjs        writes icon.png next to package.json
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const N = 128;
const S = 4;
const BLUE = [59, 91, 219];
const WHITE = [255, 255, 255];
const GREEN = [140, 233, 154];

function inRoundRect(x, y, x0, y0, x1, y1, r) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function nearSegment(x, y, [ax, ay], [bx, by], w) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= (w / 2) ** 2;
}

// The colour (and coverage) at a point.
function at(x, y) {
  if (!inRoundRect(x, y, 4, 4, 124, 124, 22)) return null;
  const check = [[60, 78], [77, 95], [106, 56]];
  if (nearSegment(x, y, check[0], check[1], 12) || nearSegment(x, y, check[1], check[2], 12)) return GREEN;
  if ((x >= 24 && x <= 80 && y >= 26 && y <= 39) || (x >= 45 && x <= 59 && y >= 26 && y <= 94)) return WHITE;
  return BLUE;
}

const raw = Buffer.alloc(N * (1 + N * 4));
for (let y = 0; y < N; y++) {
  raw[y * (1 + N * 4)] = 0;
  for (let x = 0; x < N; x++) {
    let r = 0, g = 0, b = 0, a = 0;
    for (let sy = 0; sy < S; sy++) {
      for (let sx = 0; sx < S; sx++) {
        const c = at(x + (sx + 0.5) / S, y + (sy + 0.5) / S);
        if (c) {
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
    }
    const o = y * (1 + N * 4) + 1 + x * 4;
    if (a) {
      raw[o] = Math.round(r / a);
      raw[o + 1] = Math.round(g / a);
      raw[o + 2] = Math.round(b / a);
    }
    raw[o + 3] = Math.round((a / (S * S)) * 255);
  }
}

const table = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = table[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([len, body, sum]);
}
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0);
ihdr.writeUInt32BE(N, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
writeFileSync(join(resolve(dirname(fileURLToPath(import.meta.url)), ".."), "icon.png"), png);
