// An OpenAI-compatible chat endpoint on real loopback HTTP that answers from a script, for
// debugging sessions with the `openai:` policy. `hang` never answers (until the client gives up:
// `aborted` resolves when the request's connection closes, i.e. the inference was cancelled).
export async function modelServer(answers: (string | 'hang')[]): Promise<{ url: string; requests: number; aborted: Promise<void>; close(): Promise<void> }> {
  const http = await import('node:http');
  let abortedResolve!: () => void;
  const state = { url: '', requests: 0, aborted: new Promise<void>((r) => { abortedResolve = r; }), close: async () => undefined };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.endsWith('/models')) { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"data":[{"id":"m"}]}'); return; }
      state.requests++;
      const a = answers.shift() ?? '<tool_call>{"name": "finish", "arguments": {"text": "out of script"}}</tool_call>';
      if (a === 'hang') { res.on('close', () => abortedResolve()); return; }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: a }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  state.url = `http://127.0.0.1:${port}/v1`;
  state.close = async () => { server.closeAllConnections(); await new Promise((r) => server.close(r)); };
  return state;
}
