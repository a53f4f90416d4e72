import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpTransport } from './smtp-transport';

interface Delivery {
  from: string;
  to: string[];
  data: string;
}

/**
 * The smallest SMTP receiver a real client accepts (RFC 5321: greeting, EHLO, MAIL, RCPT, DATA,
 * QUIT, no extensions), so the transport is checked against the protocol, not against a mock.
 */
function smtpReceiver(): Promise<{ server: Server; port: number; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let current: Delivery = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 receiver ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            deliveries.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 receiver\r\n');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        deliveries,
      });
    });
  });
}

describe('SMTP delivery', () => {
  let receiver: Awaited<ReturnType<typeof smtpReceiver>> | undefined;
  afterEach(async () => {
    const server = receiver?.server;
    receiver = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  });

  it('hands the message to the SMTP server named by SMTP_URL, sender and recipient on the envelope', async () => {
    receiver = await smtpReceiver();
    const transport = createSmtpTransport(
      `smtp://127.0.0.1:${receiver.port}?ignoreTLS=true`,
      'AnyBank <no-reply@anybank.example>',
    );
    await transport.send({
      to: 'jane.doe@example.com',
      subject: 'Your AnyBank sign-in code',
      text: 'Your AnyBank sign-in code is 123456.',
    });
    transport.close();

    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    expect(delivery?.from).toBe('no-reply@anybank.example');
    expect(delivery?.to).toEqual(['jane.doe@example.com']);
    expect(delivery?.data).toContain('Subject: Your AnyBank sign-in code');
    expect(delivery?.data).toContain('Your AnyBank sign-in code is 123456.');
  });

  it('fails the send when the server refuses the recipient', async () => {
    const refusing = createServer((socket) => {
      socket.write('220 ready\r\n');
      socket.on('data', (chunk) => {
        const verb = chunk.toString('utf8').slice(0, 4).toUpperCase();
        if (verb === 'RCPT') socket.write('550 no such mailbox\r\n');
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      });
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const address = refusing.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const transport = createSmtpTransport(
      `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      'no-reply@anybank.example',
    );
    await expect(
      transport.send({ to: 'nobody@example.com', subject: 'Hello', text: 'Hello' }),
    ).rejects.toThrow(/550/);
    transport.close();
    await new Promise((resolve) => refusing.close(resolve));
  });
});
