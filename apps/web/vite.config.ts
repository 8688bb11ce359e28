import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: { target: "es2022" },
  // antd and its style engine are bundled into the server build (STACK-NOTES, pitfall 9): without
  // @emotion/* every antd page fails with "hash is not a function".
  ssr: { noExternal: ["antd", /^@ant-design\//, /^@rc-component\//, /^@emotion\//] },
});
