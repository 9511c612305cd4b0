import type http from 'node:http';

/** The status and body a raw `http.request` gets back, or its socket's error. */
export function answerOf(req: http.ClientRequest): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.once('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}
