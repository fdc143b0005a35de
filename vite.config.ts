import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 8080);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/config.json': `http://localhost:${apiPort}`,
      '/media': `http://localhost:${apiPort}`,
      '/dev/': `http://localhost:${apiPort}`,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-i18next|i18next|use-sync-external-store|@xstate[\\/]react|xstate|wouter|regexparam|ky|zod)[\\/]/,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
});
