// For tests: a real API server on a loopback port that records what it gets and answers what the
// test says. It answers CORS, since jsdom's XMLHttpRequest calls it from another origin.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed; any other (a CSV text, a multipart form) as its text; undefined
   * when there was none. */
  body: unknown;
};
/** A Buffer body is sent as it is, with the content type its headers give (an image's bytes);
 * any other body as JSON. */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
export type Respond = (request: ReceivedRequest) => Reply | Promise<Reply>;

export async function startTestApi() {
  const requests: ReceivedRequest[] = [];
  let respond: Respond = () => ({ status: 200, body: {} });
  const server = createServer((request, response) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
      'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '',
      // A paged list's next page is announced in Link (DESIGN §4.2), which the app must read.
      'Access-Control-Expose-Headers': 'Link',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const received = {
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: text && isJson(request.headers) ? JSON.parse(text) : text || undefined,
      };
      requests.push(received);
      const reply = await respond(received);
      if (Buffer.isBuffer(reply.body)) {
        response.writeHead(reply.status, { ...cors, ...reply.headers }).end(reply.body);
        return;
      }
      response.writeHead(reply.status, {
        ...cors,
        ...reply.headers,
        'Content-Type': 'application/json',
      });
      response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Sets how the server answers from now on, and forgets the requests so far. */
    answer(next: Respond) {
      respond = next;
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A body without a content type is taken for JSON, as every call but a file's sends. */
const isJson = (headers: IncomingHttpHeaders) =>
  !headers['content-type'] || headers['content-type'].includes('json');
