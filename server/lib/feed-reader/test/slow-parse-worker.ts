// A parse worker that takes 300 ms before it parses, so that a test can see parses queue.
const until = Date.now() + 300;
while (Date.now() < until);
await import("../parse-worker.ts");

export {};
