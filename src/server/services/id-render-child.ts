// Draws one uploaded image in a child process of its own (see renderIsolated): an institution ID
// for the librarian, or an institution's logo at its three sizes. The image decoders are native
// code, and a crafted file that crashes one (a truncated PNG made @napi-rs/canvas segfault) must
// take down only this child, never the server.
import { UnreadableIdFile, renderIdImage, type RenderJob } from './id-files';
import { renderLogos } from './logos';

process.once('message', async (msg: RenderJob) => {
  let reply: { image?: Uint8Array | Uint8Array[]; error?: string; unreadable?: boolean };
  try {
    const bytes = Buffer.from(msg.bytes);
    reply = { image: msg.job === 'logo' ? await renderLogos(bytes, msg.mime) : await renderIdImage(bytes, msg.mime) };
  } catch (err) {
    reply = { error: (err as Error).message, unreadable: err instanceof UnreadableIdFile };
  }
  process.send!(reply, () => process.disconnect?.());
});
