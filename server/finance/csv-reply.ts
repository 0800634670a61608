// Sends a CSV download: text/csv in UTF-8, as an attachment, never cached (the books change).
import type { FastifyReply } from 'fastify';

export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
