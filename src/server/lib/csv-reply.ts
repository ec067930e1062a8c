// The one way a route answers with a CSV file: UTF-8 text, saved under the name given (Content-Disposition), never
// kept by a shared cache (the files hold the book's money and people's names).
import type { FastifyReply } from 'fastify';

export function sendCsv(reply: FastifyReply, fileName: string, text: string) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(text);
}
