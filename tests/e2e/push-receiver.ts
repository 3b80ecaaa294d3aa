// The push service stand-in of the end-to-end run (headless Chromium has none here): an HTTPS
// receiver on 127.0.0.1 with the certificate playwright.config.ts made for the run, which the
// server trusts. The test subscribes the browser with an endpoint here and keys it made itself
// (tests/support/push-keys.ts); what the server's web-push sends is decrypted with them
// (tests/support/push-service.ts checks VAPID and the rest in the API suite) and handed to the
// browser's service worker through CDP, as a push service would deliver it.
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { decryptPush } from '../support/push-service';
import { makeSubscriptionKeys, type SubscriptionKeys } from '../support/push-keys';

export interface PushReceiver {
  /** A subscription as PushSubscription.toJSON() gives it: endpoint here, fresh keys. */
  subscription(name: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Decrypted payloads per endpoint name, in arrival order. */
  received: Map<string, string[]>;
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const dir = `${process.env.LECTERN_E2E_DATA_DIR}-push`;
  const keysByName = new Map<string, SubscriptionKeys>();
  const received = new Map<string, string[]>();
  const server = https.createServer({ key: fs.readFileSync(`${dir}/key.pem`), cert: fs.readFileSync(`${dir}/cert.pem`) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = (req.url ?? '').replace(/^\/push\//, '');
      const keys = keysByName.get(name);
      if (!keys || req.headers['content-encoding'] !== 'aes128gcm') {
        res.writeHead(keys ? 400 : 404).end();
        return;
      }
      received.set(name, [...(received.get(name) ?? []), decryptPush(Buffer.concat(chunks), keys).toString('utf8')]);
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    subscription(name) {
      const keys = makeSubscriptionKeys();
      keysByName.set(name, keys);
      return { endpoint: `${origin}/push/${name}`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
