import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const API_SERVER = 'http://127.0.0.1:3000';
// Everything the Node server answers besides the SPA; the dev server and `vite preview` pass these through.
const proxy = Object.fromEntries(['/api', '/media', '/docs', '/sitemap.xml'].map((path) => [path, API_SERVER]));

export default defineConfig({
  root: 'src/client',
  // .env files and VITE_* variables live at the repository root, not beside index.html.
  envDir: repoRoot,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json maps the entry to its chunks: scripts/bundle-size.ts measures the initial load from it.
    manifest: true,
    // Top-level await is not used, but the Mantine/React output is modern anyway; es2022 keeps the code small.
    target: 'es2022',
  },
  server: { proxy },
  preview: { proxy },
});
