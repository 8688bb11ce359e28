// The benchmark's baseline: a bare Fastify route in a process of its own, answering a small JSON
// envelope as the API does, with nothing else (no hooks, no headers, no database). A route of the
// real server is compared with this, on the same machine, in the same run.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ code: 200, msg: "Success", data: { status: "up" } }));
await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`listening on http://127.0.0.1:${app.server.address().port}`);
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
