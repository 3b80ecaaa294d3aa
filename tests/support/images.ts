// Images for the hostile cases of uploads (the API tests and campaign:attack).
import zlib from 'node:zlib';

/** A real PNG that decodes to width × height pixels of one colour: 1-bit greyscale, deflated,
 * so a few KB declare tens of megapixels (an image bomb). `data: false` leaves the pixels out. */
export function bombPng(width: number, height: number, data = true): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), body])));
    return Buffer.concat([len, Buffer.from(type, 'latin1'), body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const row = 1 + Math.ceil(width / 8);
  const pixels = data ? zlib.deflateSync(Buffer.alloc(row * height), { level: 9 }) : zlib.deflateSync(Buffer.alloc(row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
