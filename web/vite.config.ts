import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// React gets its own long-cached chunk; every page is lazy, so the login route only pulls react,
// the router and the antd pieces it renders; layout-only libraries (pro-components, the full icon
// set used for menu icons) stay in the lazy chunks that need them.
export default defineConfig({
  plugins: [react()],
  base: './',
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});
