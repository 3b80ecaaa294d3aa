// An institution's logo: what an upload is (by its bytes), whether it is big enough, and the
// three sizes of spec §3 (logo1/logo2/logo3 for 1x, 2x, 3x) drawn by the server, the logo fitted
// into a 3:1 box on a transparent ground, as PNG. Drawing runs in a child process (renderIsolated).
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { LOGO_SIZES } from '../../shared/schemas/console-access';
import { UnreadableIdFile, imageSize, renderIsolated, sniffIdFile } from './id-files';

export type LogoCheck = { mime: string } | { status: 400 | 415; code: string; message: string };

/** The most pixels a logo may have. Decoding takes 4 bytes a pixel whatever the file's size (a
 * 150 KB PNG of one colour can declare 40 megapixels, 160 MB decoded); the largest size drawn is
 * 360 × 120, so 16 megapixels (4,000 × 4,000) is far more than any logo needs. */
export const LOGO_MAX_PIXELS = 16_000_000;

/** Checks an upload before anything decodes it: an image by its bytes (PNG, JPEG or WebP), a
 * well-formed header, at most LOGO_MAX_PIXELS, at least the 1x box in one of its sides. */
export function checkLogo(bytes: Buffer): LogoCheck {
  const kind = sniffIdFile(bytes);
  if (!kind || kind.mime === 'application/pdf')
    return { status: 415, code: 'unsupported', message: 'Upload the logo as a PNG, JPEG or WebP image.' };
  const size = imageSize(bytes, kind.mime);
  if (!size || !size.width || !size.height)
    return { status: 415, code: 'unreadable', message: 'This image could not be read. Save it again as PNG, JPEG or WebP and upload it.' };
  if (size.width * size.height > LOGO_MAX_PIXELS)
    return {
      status: 400,
      code: 'too_many_pixels',
      message: `The logo is too large (${size.width} × ${size.height} pixels). Upload one of at most ${LOGO_MAX_PIXELS / 1_000_000} megapixels, such as 1,200 × 400.`,
    };
  const [small, , large] = LOGO_SIZES;
  if (size.width < small.width && size.height < small.height)
    return {
      status: 400,
      code: 'too_small',
      message: `The logo is too small (${size.width} × ${size.height} pixels). Upload one at least ${small.width} × ${small.height}; ${large.width} × ${large.height} or more looks sharp on phones.`,
    };
  return { mime: kind.mime };
}

/** The three sizes, drawn from the upload (in the child process). */
export async function renderLogos(bytes: Buffer, mime: string): Promise<Uint8Array[]> {
  // Checked again where the decoding happens, whoever calls.
  const size = imageSize(bytes, mime);
  if (!size || size.width * size.height > LOGO_MAX_PIXELS) throw new UnreadableIdFile('not a well-formed image of a sensible size');
  let img;
  try {
    img = await loadImage(bytes);
  } catch (err) {
    throw new UnreadableIdFile((err as Error).message);
  }
  if (!img.width || !img.height) throw new UnreadableIdFile('the image has no pixels');
  return Promise.all(
    LOGO_SIZES.map(({ width, height }) => {
      const scale = Math.min(width / img.width, height / img.height);
      const w = Math.max(1, Math.round(img.width * scale));
      const h = Math.max(1, Math.round(img.height * scale));
      const canvas = createCanvas(width, height);
      // Left-aligned: the header shows the logo just after a divider.
      canvas.getContext('2d').drawImage(img, 0, Math.round((height - h) / 2), w, h);
      return canvas.encode('png');
    }),
  );
}

/** renderLogos in a child process: a crafted file ends only that child (UnreadableIdFile). */
export const renderLogosIsolated = async (bytes: Buffer, mime: string): Promise<Buffer[]> =>
  (await renderIsolated<Uint8Array[]>({ job: 'logo', bytes, mime })).map((b) => Buffer.from(b));
