// Draws the app icons (the mark: a white L and an orange bookmark on navy) into public/icons/. Run once after
// changing the design: npx tsx scripts/make-icons.ts
import fs from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';

function icon(size: number, maskable: boolean): Buffer {
  const c = createCanvas(size, size);
  const ctx = c.getContext('2d');
  const s = size / 64;
  ctx.fillStyle = '#1d2a3a';
  if (maskable) ctx.fillRect(0, 0, size, size);
  else {
    ctx.beginPath();
    ctx.roundRect(0, 0, size, size, 14 * s);
    ctx.fill();
  }
  // Maskable icons keep the mark inside the central 80% safe zone.
  const k = maskable ? 0.72 : 1;
  const o = (size - size * k) / 2;
  const p = (x: number) => o + x * s * k;
  ctx.fillStyle = '#f7f3ec';
  ctx.beginPath();
  ctx.moveTo(p(20), p(14));
  ctx.lineTo(p(28), p(14));
  ctx.lineTo(p(28), p(44));
  ctx.lineTo(p(46), p(44));
  ctx.lineTo(p(46), p(52));
  ctx.lineTo(p(20), p(52));
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#d9893b';
  ctx.beginPath();
  ctx.roundRect(p(34), p(14), 12 * s * k, 22 * s * k, 2 * s * k);
  ctx.fill();
  return c.toBuffer('image/png');
}

/** The notification badge: the mark alone, white on transparent (Android draws it as a silhouette). */
function badge(size: number): Buffer {
  const c = createCanvas(size, size);
  const ctx = c.getContext('2d');
  const s = size / 64;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.moveTo(18 * s, 10 * s);
  ctx.lineTo(27 * s, 10 * s);
  ctx.lineTo(27 * s, 45 * s);
  ctx.lineTo(48 * s, 45 * s);
  ctx.lineTo(48 * s, 54 * s);
  ctx.lineTo(18 * s, 54 * s);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(34 * s, 10 * s, 14 * s, 26 * s, 2 * s);
  ctx.fill();
  return c.toBuffer('image/png');
}

fs.mkdirSync('public/icons', { recursive: true });
fs.writeFileSync('public/icons/icon-192.png', icon(192, false));
fs.writeFileSync('public/icons/icon-512.png', icon(512, false));
fs.writeFileSync('public/icons/icon-maskable-512.png', icon(512, true));
fs.writeFileSync('public/icons/apple-touch-icon.png', icon(180, true));
fs.writeFileSync('public/icons/badge-96.png', badge(96));
console.log('Icons written to public/icons/');
