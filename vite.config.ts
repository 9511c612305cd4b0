import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: 'src/web',
  publicDir: path.resolve('src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve('src') } },
  build: { outDir: path.join(distDir, 'client'), emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget, '/healthz': apiTarget, '/qr': apiTarget },
  },
});
