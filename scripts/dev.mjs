// `npm run dev`: the server in watch mode and Vite with hot reload, side by side.
import { spawn } from 'node:child_process';

// The browser is on Vite's origin, which proxies /api to the server: the server must take that
// origin as its own, or the origin check refuses every write and mailed links miss the pages.
const env = { ...process.env, NODE_ENV: 'development', APP_URL: process.env.APP_URL ?? 'http://localhost:5173' };

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
