// The whole body of a request to one of the tests' local servers, as text.
import type { IncomingMessage } from 'node:http';

export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
  });
