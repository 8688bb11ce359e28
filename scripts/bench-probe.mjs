// The benchmark's health prober: asks one URL over one connection for a number of seconds and
// prints autocannon's result as JSON. A process of its own, as a balancer is: in the process that
// floods the server, its requests would wait behind the flood's own.
import autocannon from "autocannon";

const [url, seconds] = process.argv.slice(2);
const result = await autocannon({ url, connections: 1, duration: Number(seconds) });
process.stdout.write(
  JSON.stringify({ total: result.requests.total, latency: result.latency, failed: result.non2xx + result.errors }),
);
