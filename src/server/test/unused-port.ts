/** A local port nothing listens on: a service (Redis, SMTP) that is down, or a port for a test to listen on next. */
import net from 'node:net';

export async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
