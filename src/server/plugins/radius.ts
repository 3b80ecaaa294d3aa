// The RADIUS accounting listener (services/radius-listener.ts), started with the app when
// RADIUS_ACCT_PORT is set and closed with it; its counters join the metrics when they are on
// (lectern_radius_packets_total by outcome: answered, arrivals, and each reason for a drop).
import fp from 'fastify-plugin';
import client from 'prom-client';
import { DROP_REASONS, startRadiusListener, type RadiusListener } from '../services/radius-listener';

declare module 'fastify' {
  interface FastifyInstance {
    /** The listener, or null when RADIUS_ACCT_PORT is unset. */
    radius: RadiusListener | null;
  }
}

export default fp(
  async (app) => {
    const { radiusAcctPort: port, radiusAcctHost: host, radiusAcctRate: rate } = app.config;
    if (port === undefined) {
      app.decorate('radius', null);
      return;
    }
    const listener = await startRadiusListener(app, { host, port, rate });
    app.decorate('radius', listener);
    app.addHook('onClose', async () => listener.close());
    app.log.info({ host, port: listener.port }, 'RADIUS accounting listener on');
    const registry = app.metrics.registry;
    if (!registry) return;
    const seen = new Map<string, number>();
    new client.Counter({
      name: 'lectern_radius_packets_total',
      help: 'RADIUS accounting packets: received, answered, arrivals they made, and dropped by reason',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        const s = listener.stats;
        const now: [string, number][] = [
          ['received', s.received],
          ['answered', s.answered],
          ['arrival', s.arrivals],
          ...DROP_REASONS.map((r) => [`dropped_${r}`, s.dropped[r]] as [string, number]),
        ];
        for (const [outcome, value] of now) {
          const before = seen.get(outcome) ?? 0;
          if (value > before) this.inc({ outcome }, value - before);
          seen.set(outcome, value);
        }
      },
    });
  },
  { name: 'radius', dependencies: ['metrics', 'push'] },
);
