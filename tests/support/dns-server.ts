// A small DNS server on 127.0.0.1 (UDP) for the tests: it answers TXT questions from a table the
// test fills (a name with no records is NXDOMAIN), so the server's node:dns lookups are real ones.
// The server is pointed at it with the dnsServers setting (DNS_SERVERS).
import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

export async function startDnsServer() {
  const records = new Map<string, string[][]>();
  const failing = new Set<string>();
  const asked: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, from) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    asked.push(name);
    const txt = question.type === 'TXT' ? (records.get(name) ?? null) : null;
    // rcode 0: an answer; 2: SERVFAIL (the resolver could not find out); 3: NXDOMAIN (no such name)
    const rcode = failing.has(name) ? 2 : records.has(name) ? 0 : 3;
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
      questions: [question],
      answers: (txt ?? []).map((strings) => ({ type: 'TXT' as const, name: question.name, ttl: 60, class: 'IN' as const, data: strings })),
    });
    socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    /** The address for the server's resolver setting. */
    server: `127.0.0.1:${port}`,
    /** Sets the TXT records of a name (each record one or more strings); none removes the name. */
    setTxt(name: string, ...txt: (string | string[])[]) {
      if (txt.length)
        records.set(
          name.toLowerCase(),
          txt.map((t) => (Array.isArray(t) ? t : [t])),
        );
      else records.delete(name.toLowerCase());
    },
    /** Answers questions about the name with a server failure. */
    fail(name: string) {
      failing.add(name.toLowerCase());
    },
    /** The names asked for, in order. */
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
export type DnsServer = Awaited<ReturnType<typeof startDnsServer>>;
