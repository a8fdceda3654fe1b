// A mail sink for the end-to-end run: a plain SMTP server on 127.0.0.1 that accepts every mail
// the `wordmark` server sends and writes it to a folder, one JSON file per mail, so that the
// tests (node's test runner starts each file in a process of its own) read the invitations and
// notifications a person would find in their mailbox.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Starts the sink writing into `folder`; resolves to its port and a `close` function. */
export function startMailbox(folder) {
  let received = 0;
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    const reply = (line) => socket.write(`${line}\r\n`);
    let buffer = '';
    let recipients = [];
    let data = null;
    const command = (line) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') reply('250-mailbox\r\n250 8BITMIME');
      else if (verb === 'HELO') reply('250 mailbox');
      else if (verb === 'MAIL') {
        recipients = [];
        reply('250 ok');
      } else if (verb === 'RCPT') {
        recipients.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1').toLowerCase());
        reply('250 ok');
      } else if (verb === 'DATA') {
        data = [];
        reply('354 end with <CRLF>.<CRLF>');
      } else if (verb === 'QUIT') {
        reply('221 bye');
        socket.end();
      } else reply('250 ok');
    };
    const dataLine = (line) => {
      if (line !== '.') {
        data.push(line.startsWith('..') ? line.slice(1) : line);
        return;
      }
      received += 1;
      const mail = { recipients, data: data.join('\n') };
      writeFileSync(join(folder, `${String(received).padStart(5, '0')}.json`), JSON.stringify(mail));
      data = null;
      reply('250 queued');
    };
    socket.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data === null) command(line);
        else dataLine(line);
      }
    });
    socket.on('error', () => {});
    reply('220 mailbox ESMTP');
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok({ port: server.address().port, close: () => server.close() }));
  });
}
