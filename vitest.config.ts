import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: the server suite (also run on PostgreSQL by `npm run test:pg`) and the client suite in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Real databases, real image rendering: give slow disks room.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test/setup.ts'],
          // Tests fake the HTTP boundary with vi.stubGlobal('fetch', …); restore it after each test.
          unstubGlobals: true,
        },
      },
    ],
  },
});
