/**
 * The build id (docs/product-requirements.md §9 build-update check). `vite build` derives it from everything it emits
 * and writes it twice: into `BUILD_INFO_FILE` beside index.html, which the server reads at start-up and answers at
 * `GET /api/build`, and into index.html as `<meta name=BUILD_META_NAME>`, which tells a running page which build it is.
 * No zod here: the client reads these names in its first download.
 */
export const BUILD_INFO_FILE = 'build.json';
export const BUILD_META_NAME = 'anglerdex:build';
