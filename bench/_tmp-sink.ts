import { startBenchSmtpSink } from './lib/smtp-sink.ts';
const s = await startBenchSmtpSink(); console.log(s.url);
setInterval(() => { const c = process.cpuUsage(); process.stderr.write(`sink cpu ${((c.user + c.system) / 1000).toFixed(0)} ms\n`); }, 5000);
