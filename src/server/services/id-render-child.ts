// Draws one uploaded ID in a child process of its own (see renderIdImageIsolated): the image
// decoders are native code, and a crafted file that crashes one (a truncated PNG made
// @napi-rs/canvas segfault) must take down only this child, never the server.
import { UnreadableIdFile, renderIdImage } from './id-files';

process.once('message', async (msg: { bytes: Uint8Array; mime: string }) => {
  let reply: { image?: Uint8Array; error?: string; unreadable?: boolean };
  try {
    reply = { image: await renderIdImage(Buffer.from(msg.bytes), msg.mime) };
  } catch (err) {
    reply = { error: (err as Error).message, unreadable: err instanceof UnreadableIdFile };
  }
  process.send!(reply, () => process.disconnect?.());
});
