#!/usr/bin/env node
// `npm run dev`: the API server in watch mode on :4000 and Vite on :5173 (proxying /api, /media
// and /socket.io to :4000). Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@glimpse/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@glimpse/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
