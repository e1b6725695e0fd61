import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { BUILD_INFO_FILE, BUILD_META_NAME } from './src/shared/build-info';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const API_SERVER = 'http://127.0.0.1:3000';
// Everything the Node server answers besides the SPA; the dev server and `vite preview` pass these through.
const proxy = Object.fromEntries(
  ['/api', '/media', '/docs', '/sitemap.xml', '^/(zh|en|ja)/sitemap\\.xml$', '/robots.txt'].map((path) => [
    path,
    API_SERVER,
  ]),
);

/**
 * The build id (docs/product-requirements.md §9 build-update check): a hash of every file the build emits, so a rebuild
 * of the same code keeps its id and any change gets a new one. Runs after Vite has written index.html into the bundle;
 * puts the id into it as a `<meta>` (the page knows its own build) and beside it as build.json (the server answers it
 * at `GET /api/build`).
 */
function buildId(): Plugin {
  return {
    name: 'anglerdex-build-id',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const output = bundle[name]!;
        hash.update(name).update(output.type === 'chunk' ? output.code : output.source);
      }
      const id = hash.digest('hex').slice(0, 16);
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('anglerdex-build-id: index.html is not in the bundle');
      html.source = String(html.source).replace(
        '</head>',
        `  <meta name="${BUILD_META_NAME}" content="${id}" />\n  </head>`,
      );
      this.emitFile({ type: 'asset', fileName: BUILD_INFO_FILE, source: `${JSON.stringify({ build: id })}\n` });
    },
  };
}

/**
 * The server render's `useTranslation` (src/client/ssr/server-translation.ts): every `react-i18next` import of the
 * app resolves to that module in the SSR build, which itself imports the real package.
 */
function serverTranslation(): Plugin {
  const shim = fileURLToPath(new URL('./src/client/ssr/server-translation.ts', import.meta.url));
  return {
    name: 'anglerdex-server-translation',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'react-i18next' && importer !== shim ? shim : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  // .env files and VITE_* variables live at the repository root, not beside index.html.
  envDir: repoRoot,
  plugins: isSsrBuild ? [react(), serverTranslation()] : [react(), buildId()],
  // The server render needs no copy of the public files: the browser's build serves them.
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? {
        // The server render (issue 23): `vite build --ssr` bundles src/client/ssr/entry-server.tsx for Node, beside
        // the browser's build, for the server's static-site plugin to import.
        ssr: 'ssr/entry-server.tsx',
        outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)),
        emptyOutDir: true,
        sourcemap: true,
        target: 'node20',
      }
    : {
        outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
        emptyOutDir: true,
        sourcemap: true,
        // .vite/manifest.json maps the entry to its chunks: scripts/bundle-size.ts measures the initial load from it.
        manifest: true,
        // Top-level await is not used, but the Mantine/React output is modern anyway; es2022 keeps the code small.
        target: 'es2022',
        // No preload lists for lazy chunks (decision 0038): they cost the first download 3.7 KB for every page's
        // list of shared chunks; a page opened later fetches its shared chunks after its own module instead.
        modulePreload: false,
      },
  // The server render's bundle holds the client's packages, so the built server needs no front-end package at run time,
  // and React's production build (a server started without NODE_ENV would otherwise render with the development one).
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  server: { proxy },
  preview: { proxy },
}));
