// The physical limit for a response: a bare Fastify route answering a constant JSON body of a requested size.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const bodies = new Map<number, string>();

function body(size: number): string {
  let text = bodies.get(size);
  if (text === undefined) {
    // A JSON string of exactly `size` bytes: two quotes around size - 2 letters.
    text = size < 2 ? 'x'.repeat(size) : `"${'x'.repeat(size - 2)}"`;
    bodies.set(size, text);
  }
  return text;
}

app.get<{ Params: { size: string } }>('/bare/:size', async (request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8');
  return reply.send(body(Number(request.params.size)));
});

const port = Number(process.argv[2] ?? 0);
app.listen({ port, host: '127.0.0.1' }).then(
  (address) => {
    process.stdout.write(`${address}\n`);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
