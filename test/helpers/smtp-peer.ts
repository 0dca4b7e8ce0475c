/**
 * A minimal SMTP server on loopback for hosted-profile engines, which send real e-mail: it takes
 * every message (no TLS, any AUTH succeeds) and keeps its text, so a test reads a registration
 * code the way a person reads their inbox. Speaks just enough RFC 5321 for nodemailer.
 */
import net from 'node:net';

export interface SmtpPeer {
  url: string;
  messages: string[];
  /** The newest 6-digit code sent to `to`, waiting briefly for the mail to arrive. */
  codeFor(to: string, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const messages: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    socket.write('220 localhost test SMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO')) socket.write('250-localhost\r\n250 AUTH PLAIN\r\n');
        else if (line.startsWith('AUTH')) socket.write('235 authenticated\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async codeFor(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = [...messages].reverse().find((m) => m.toLowerCase().includes(`to: ${to}`));
        const code = mail
          ? /\b(\d{6})\b/.exec(mail.split('\r\n\r\n').slice(1).join('\n'))?.[1]
          : null;
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
