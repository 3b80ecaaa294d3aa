// The part of npm `qrcode` (no types of its own) the zone posters use.
declare module 'qrcode' {
  export function toString(
    text: string,
    options: { type: 'svg'; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'; margin?: number; width?: number },
  ): Promise<string>;
  const qrcode: { toString: typeof toString };
  export default qrcode;
}
