import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: { target: 'es2022' },
  // antd stays external on the server (DESIGN.md section 8): Node loads its own CommonJS/ESM build.
});
